import type { FeedbackCategory, VisitorFeedback, VisitorTicket } from '@openkefu/contract';
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ApiError, type Api } from '../api.js';
import type { Translate, WordKey } from '../i18n.js';
import type { SupportController, SupportPanel } from '../state/useSupport.js';
import {
  feedbackCategories,
  supportLimits,
  validateFeedback,
  validateTicket,
  type FeedbackFields,
  type FieldErrors,
  type TicketFields,
} from '../support.js';
import { UploadField, useUploads } from './Uploads.js';

/* Issue 15: feedback, "Leave a ticket" and the visitor's lists, opened from the header's menu. */

const reasonOf = (t: Translate, error: unknown): string => {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ApiError && error.status === 429) return t('supportTooMany', { reason: message });
  if (error instanceof ApiError && error.fields.length > 0)
    return `${message} (${error.fields.map((field) => field.field).join(', ')})`;
  return message;
};

const formatTime = (at: number, language: string) =>
  new Date(at).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });

const Panel = ({
  t,
  title,
  onBack,
  testId,
  children,
}: {
  t: Translate;
  title: string;
  onBack: () => void;
  testId: string;
  children: ComponentChildren;
}) => (
  <section class="okw-support" data-testid={testId} aria-label={title}>
    <div class="okw-support-bar">
      <button type="button" class="okw-link" data-testid="support-back" onClick={onBack}>
        ← {t('supportBack')}
      </button>
      <strong>{title}</strong>
    </div>
    {children}
  </section>
);

const ErrorOf = ({ t, error }: { t: Translate; error: WordKey | undefined }) =>
  error ? <span class="okw-error">{t(error)}</span> : null;

export const FeedbackForm = ({
  t,
  api,
  page,
  onSent,
}: {
  t: Translate;
  api: Api;
  page: string;
  onSent: (feedback: VisitorFeedback) => void;
}) => {
  const [fields, setFields] = useState<FeedbackFields>({ category: 'suggestion', content: '', contact: '' });
  const [errors, setErrors] = useState<FieldErrors<FeedbackFields>>({});
  const [serverError, setServerError] = useState('');
  const [isSending, setSending] = useState(false);
  const uploads = useUploads(api, true);
  // The server's list when it answers; the built-in one (same values) otherwise.
  const [categories, setCategories] = useState(() =>
    feedbackCategories.map((value) => ({ value, name: t(`feedbackCategory_${value}`) })),
  );
  useEffect(() => {
    let isCurrent = true;
    api.feedbackCategories().then(
      (list) => isCurrent && list.length > 0 && setCategories(list),
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [api]);
  const set = (name: keyof FeedbackFields) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setFields((current) => ({ ...current, [name]: value }));
  };

  return (
    <form
      class="okw-card"
      data-testid="feedback-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = validateFeedback(fields);
        setErrors(found);
        if (Object.keys(found).length > 0 || uploads.isBusy || isSending) return;
        setSending(true);
        setServerError('');
        api
          .sendFeedback({
            category: fields.category,
            content: fields.content.trim(),
            contact: fields.contact.trim(),
            images: uploads.aids,
            // Only http(s) pages are kept (the console shows it as a link).
            url: /^https?:\/\//i.test(page) ? page.slice(0, 2000) : '',
            browser: navigator.userAgent.slice(0, 500),
          })
          .then(onSent, (error: unknown) => setServerError(reasonOf(t, error)))
          .finally(() => setSending(false));
      }}
    >
      <label class="okw-field">
        <span>{t('feedbackCategory')}</span>
        <select
          class="okw-input"
          data-testid="feedback-category"
          value={fields.category}
          onChange={(event) =>
            setFields((current) => ({ ...current, category: event.currentTarget.value as FeedbackCategory }))
          }
        >
          {categories.map((category) => (
            <option key={category.value} value={category.value}>
              {category.name}
            </option>
          ))}
        </select>
      </label>
      <label class="okw-field">
        <span>{t('feedbackContent')}</span>
        <textarea
          class="okw-input"
          data-testid="feedback-content"
          maxLength={supportLimits.feedback}
          value={fields.content}
          aria-invalid={Boolean(errors.content)}
          onInput={set('content')}
        />
        <span class="okw-muted okw-count">
          {fields.content.length}/{supportLimits.feedback}
        </span>
        <ErrorOf t={t} error={errors.content} />
      </label>
      <UploadField t={t} uploads={uploads} onlyImages testId="feedback-images" />
      <label class="okw-field">
        <span>{t('feedbackContact')}</span>
        <input
          class="okw-input"
          data-testid="feedback-contact"
          value={fields.contact}
          maxLength={200}
          placeholder={t('feedbackContactHint')}
          aria-invalid={Boolean(errors.contact)}
          onInput={set('contact')}
        />
        <ErrorOf t={t} error={errors.contact} />
      </label>
      {serverError && (
        <p class="okw-error" role="alert" data-testid="feedback-error">
          {serverError}
        </p>
      )}
      <button
        type="submit"
        class="okw-button"
        data-testid="feedback-submit"
        disabled={isSending || uploads.isBusy}
      >
        {isSending ? t('supportSending') : t('feedbackSubmit')}
      </button>
    </form>
  );
};

const Images = ({ images }: { images: VisitorFeedback['images'] }) =>
  images.length > 0 ? (
    <div class="okw-thumbs">
      {images.map((image) => (
        <a key={image.aid} href={image.path} target="_blank" rel="noopener noreferrer">
          <img class="okw-thumb-img" src={image.thumbPath ?? image.path} alt="" />
        </a>
      ))}
    </div>
  ) : null;

const Loading = ({ t }: { t: Translate }) => (
  <p class="okw-center okw-muted" role="status">
    {t('supportLoading')}
  </p>
);

export const MyFeedback = ({
  t,
  language,
  items,
  loadError,
}: {
  t: Translate;
  language: string;
  items: VisitorFeedback[] | null;
  loadError: string;
}) => {
  if (items === null) return <Loading t={t} />;
  if (items.length === 0)
    return (
      <p class="okw-center okw-muted" data-testid="my-feedback-empty">
        {loadError ? t('supportLoadFailed', { reason: loadError }) : t('myFeedbackEmpty')}
      </p>
    );
  return (
    <ul class="okw-support-list">
      {items.map((item) => (
        <li key={item.fid} class="okw-card" data-testid="my-feedback-item">
          <div class="okw-support-head">
            <span class="okw-chip">{t(`feedbackCategory_${item.category}`)}</span>
            <span class="okw-status-chip" data-status={item.status}>
              {t(`feedbackStatus_${item.status}`)}
            </span>
          </div>
          <p class="okw-text">{item.content}</p>
          <Images images={item.images} />
          <p class="okw-muted">{formatTime(item.createdAt, language)}</p>
          {item.reply ? (
            <div class="okw-reply" data-testid="my-feedback-reply">
              <strong>{t('supportReply')}</strong>
              <p class="okw-text">{item.reply}</p>
              {item.repliedAt && <p class="okw-muted">{formatTime(item.repliedAt, language)}</p>}
            </div>
          ) : (
            <p class="okw-muted">{t('leaveNoReply')}</p>
          )}
        </li>
      ))}
    </ul>
  );
};

export const TicketForm = ({
  t,
  api,
  wid,
  page,
  onSent,
}: {
  t: Translate;
  api: Api;
  wid: string;
  page: string;
  onSent: (ticket: VisitorTicket) => void;
}) => {
  const [fields, setFields] = useState<TicketFields>({ title: '', description: '', email: '', phone: '' });
  const [errors, setErrors] = useState<FieldErrors<TicketFields>>({});
  const [serverError, setServerError] = useState('');
  const [isSending, setSending] = useState(false);
  const uploads = useUploads(api, false);
  const set = (name: keyof TicketFields) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setFields((current) => ({ ...current, [name]: value }));
  };
  const input = (name: 'title' | 'email' | 'phone', label: WordKey, type: string, max: number) => (
    <label class="okw-field">
      <span>{t(label)}</span>
      <input
        class="okw-input"
        type={type}
        data-testid={`ticket-${name}`}
        value={fields[name]}
        maxLength={max}
        aria-invalid={Boolean(errors[name])}
        onInput={set(name)}
      />
      <ErrorOf t={t} error={errors[name]} />
    </label>
  );

  return (
    <form
      class="okw-card"
      data-testid="ticket-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = validateTicket(fields);
        setErrors(found);
        if (Object.keys(found).length > 0 || uploads.isBusy || isSending) return;
        setSending(true);
        setServerError('');
        api
          .leaveTicket({
            wid,
            title: fields.title.trim(),
            description: fields.description.trim(),
            email: fields.email.trim(),
            phone: fields.phone.trim(),
            attachments: uploads.aids,
            url: /^https?:\/\//i.test(page) ? page.slice(0, 2000) : '',
          })
          .then(onSent, (error: unknown) => setServerError(reasonOf(t, error)))
          .finally(() => setSending(false));
      }}
    >
      <p class="okw-muted">{t('ticketIntro')}</p>
      {input('title', 'ticketTitle', 'text', supportLimits.title)}
      <label class="okw-field">
        <span>{t('ticketDescription')}</span>
        <textarea
          class="okw-input"
          data-testid="ticket-description"
          maxLength={supportLimits.description}
          value={fields.description}
          aria-invalid={Boolean(errors.description)}
          onInput={set('description')}
        />
        <ErrorOf t={t} error={errors.description} />
      </label>
      {input('email', 'ticketEmail', 'email', 254)}
      {input('phone', 'ticketPhone', 'tel', 32)}
      <UploadField t={t} uploads={uploads} onlyImages={false} testId="ticket-files" />
      {serverError && (
        <p class="okw-error" role="alert" data-testid="ticket-error">
          {serverError}
        </p>
      )}
      <button
        type="submit"
        class="okw-button"
        data-testid="ticket-submit"
        disabled={isSending || uploads.isBusy}
      >
        {isSending ? t('supportSending') : t('ticketSubmit')}
      </button>
    </form>
  );
};

export const MyTickets = ({
  t,
  language,
  items,
  loadError,
}: {
  t: Translate;
  language: string;
  items: VisitorTicket[] | null;
  loadError: string;
}) => {
  if (items === null) return <Loading t={t} />;
  if (items.length === 0)
    return (
      <p class="okw-center okw-muted" data-testid="my-tickets-empty">
        {loadError ? t('supportLoadFailed', { reason: loadError }) : t('myTicketsEmpty')}
      </p>
    );
  return (
    <ul class="okw-support-list">
      {items.map((item) => (
        <li key={item.tkid} class="okw-card" data-testid="my-ticket-item">
          <div class="okw-support-head">
            <span class="okw-muted">{item.ticketNumber}</span>
            <span class="okw-status-chip" data-status={item.status}>
              {t(`ticketStatus_${item.status}`)}
            </span>
          </div>
          <strong>{item.title}</strong>
          <p class="okw-text">{item.description}</p>
          {item.attachments.length > 0 && (
            <ul class="okw-files">
              {item.attachments.map((file) => (
                <li key={file.path}>
                  <a href={file.path} target="_blank" rel="noopener noreferrer">
                    {file.fileName}
                  </a>
                </li>
              ))}
            </ul>
          )}
          <p class="okw-muted">{formatTime(item.createdAt, language)}</p>
          {item.replies.length === 0 ? (
            <p class="okw-muted">{t('leaveNoReply')}</p>
          ) : (
            item.replies.map((reply) => (
              <div key={reply.cmid} class="okw-reply" data-testid="my-ticket-reply" data-from={reply.from}>
                <strong>
                  {reply.from === 'agent' ? reply.nickname || t('supportReply') : t('supportYou')}
                </strong>
                <p class="okw-text">{reply.content}</p>
                <p class="okw-muted">{formatTime(reply.createdAt, language)}</p>
              </div>
            ))
          )}
        </li>
      ))}
    </ul>
  );
};

/** The support view over the chat; the chat keeps running underneath. */
export const SupportView = ({
  t,
  api,
  language,
  panel,
  support,
  wid,
  page,
  onPanel,
}: {
  t: Translate;
  api: Api;
  language: string;
  panel: SupportPanel;
  support: SupportController;
  wid: string | null;
  page: string;
  onPanel: (panel: SupportPanel | null) => void;
}) => {
  const [sent, setSent] = useState<'feedback' | 'ticket' | null>(null);
  const back = () => onPanel(null);
  const isMyFeedback = panel === 'myFeedback';
  const isMyTickets = panel === 'myTickets';
  const { markFeedbackSeen, markTicketsSeen, feedback, tickets } = support;

  // What the visitor has in front of them is read; the badge counts only what came after.
  useEffect(() => {
    if (isMyFeedback) markFeedbackSeen();
    if (isMyTickets) markTicketsSeen();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isMyFeedback, isMyTickets, feedback, tickets]);
  useEffect(() => setSent(null), [panel]);
  // Opening a list asks again: a reply may have come in since the page loaded.
  useEffect(() => {
    if (isMyFeedback || isMyTickets) void support.refresh();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isMyFeedback, isMyTickets]);

  const thanks = (key: WordKey, next: SupportPanel, label: WordKey) => (
    <div class="okw-card" role="status" data-testid="support-sent">
      <p>{t(key)}</p>
      <button type="button" class="okw-button" onClick={() => onPanel(next)}>
        {t(label)}
      </button>
    </div>
  );

  switch (panel) {
    case 'feedback':
      return (
        <Panel t={t} title={t('feedbackTitle')} onBack={back} testId="support-feedback">
          {sent === 'feedback' ? (
            thanks('feedbackSent', 'myFeedback', 'myFeedbackTitle')
          ) : (
            <FeedbackForm
              t={t}
              api={api}
              page={page}
              onSent={() => {
                setSent('feedback');
                void support.refresh();
              }}
            />
          )}
        </Panel>
      );
    case 'myFeedback':
      return (
        <Panel t={t} title={t('myFeedbackTitle')} onBack={back} testId="support-my-feedback">
          <MyFeedback t={t} language={language} items={feedback} loadError={support.loadError} />
        </Panel>
      );
    case 'ticket':
      return (
        <Panel t={t} title={t('ticketTitleView')} onBack={back} testId="support-ticket">
          {!wid ? (
            <p class="okw-center okw-muted">{t('ticketUnavailable')}</p>
          ) : sent === 'ticket' ? (
            thanks('ticketSent', 'myTickets', 'myTicketsTitle')
          ) : (
            <TicketForm
              t={t}
              api={api}
              wid={wid}
              page={page}
              onSent={() => {
                setSent('ticket');
                void support.refresh();
              }}
            />
          )}
        </Panel>
      );
    case 'myTickets':
      return (
        <Panel t={t} title={t('myTicketsTitle')} onBack={back} testId="support-my-tickets">
          <MyTickets t={t} language={language} items={tickets} loadError={support.loadError} />
        </Panel>
      );
  }
};
