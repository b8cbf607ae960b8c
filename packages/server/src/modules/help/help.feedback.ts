import { feedbackCategorySchema } from '@openkefu/contract';
import { translate } from '../../http/i18n.js';
import '../feedback/feedback.messages.js';
import { html } from './help.html.js';
import type { HelpSite } from './help.service.js';
import { homePathOf, layout, siteNameOf, type PageContext } from './help.views.js';

/*
 * The help centre's feedback form. The page is plain HTML; the help script (help.assets.ts)
 * uploads the chosen images one by one to the feedback module's
 * `POST /help/<slug>/api/feedback/image` and then sends the form with their aids to
 * `POST /help/<slug>/api/feedback` (no inline script: the help CSP forbids it). The limits shown
 * here are the server's; the script checks them first only to answer sooner.
 */

/** As many as the feedback contract takes (feedbackCreateBodySchema.images). */
export const helpFeedbackMaxImages = 4;
/** The image types the upload module accepts for the `image` kind (upload.kinds.ts). */
export const helpFeedbackImageTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

export type FeedbackPageData = {
  /** Where the visitor came from on this help centre (sent as the feedback's `url`), or ''. */
  url: string;
  /** The image size limit, in MB. */
  maxImageMb: number;
};

export const renderFeedback = (ctx: PageContext, site: HelpSite, data: FeedbackPageData): string => {
  const t = ctx.t;
  const api = `${homePathOf(site.slug)}api/feedback`;
  const main = html`<nav class="crumbs" aria-label="${t('breadcrumb')}">
      <ol>
        <li><a href="${homePathOf(site.slug)}">${siteNameOf(ctx)}</a></li>
        <li><span aria-current="page">${t('feedbackTitle')}</span></li>
      </ol>
    </nav>
    <div class="art">
      <h1>${t('feedbackTitle')}</h1>
      <p class="muted">${t('feedbackIntro')}</p>
      <noscript><p>${t('feedbackNeedsScript')}</p></noscript>
      <form
        class="fb"
        novalidate
        data-feedback-url="${api}"
        data-image-url="${api}/image"
        data-max-images="${helpFeedbackMaxImages}"
        data-max-bytes="${data.maxImageMb * 1024 * 1024}"
        data-image-types="${helpFeedbackImageTypes.join(',')}"
        data-sending="${t('feedbackSending')}"
        data-uploading="${t('feedbackUploading')}"
        data-thanks="${t('feedbackThanks')}"
        data-failed="${t('feedbackFailed')}"
        data-required="${t('feedbackContentRequired')}"
        data-too-many="${t('feedbackTooManyImages', { count: helpFeedbackMaxImages })}"
        data-bad-type="${t('feedbackImageType')}"
        data-too-large="${t('feedbackImageSize', { mb: data.maxImageMb })}"
      >
        <label for="fb-category">${t('feedbackCategory')}</label>
        <select id="fb-category" name="category">
          ${feedbackCategorySchema.options.map((value) => {
            const name = translate(`feedback.category.${value}`, ctx.language);
            return html`<option value="${value}">${name}</option>`;
          })}
        </select>
        <label for="fb-content">${t('feedbackContent')}</label>
        <textarea id="fb-content" name="content" rows="6" maxlength="2000" required></textarea>
        <label for="fb-contact">${t('feedbackContact')}</label>
        <input id="fb-contact" name="contact" maxlength="200" autocomplete="email" />
        <label for="fb-images">${t('feedbackImages')}</label>
        <input
          id="fb-images"
          type="file"
          name="images"
          accept="${helpFeedbackImageTypes.join(',')}"
          multiple
          aria-describedby="fb-images-hint"
        />
        <p id="fb-images-hint" class="muted">
          ${t('feedbackImagesHint', { count: helpFeedbackMaxImages, mb: data.maxImageMb })}
        </p>
        <input type="hidden" name="url" value="${data.url}" />
        <button class="btn" type="submit">${t('feedbackSubmit')}</button>
        <p role="status" aria-live="polite"></p>
      </form>
    </div>`;
  return layout(
    ctx,
    {
      title: t('feedbackTitle'),
      description: t('feedbackIntro'),
      isNoIndex: true,
      hasScript: true,
    },
    main,
  );
};
