import { getLanguage, i18n } from '../shared/i18n';
import { bootEnUS, bootZhCN } from '../shared/locales/app/boot';

/** Registers the boot strings of the `app` namespace (deep-merged with the full bundle the shell adds). */
i18n.addResourceBundle('en-US', 'app', { boot: bootEnUS }, true, false);
i18n.addResourceBundle('zh-CN', 'app', { boot: bootZhCN }, true, false);

/**
 * The language lives in local storage, which the server cannot read; this cookie mirrors it so
 * the server sends the pre-rendered login form in the right language (issue 18). Keep the name
 * in sync with packages/server/src/http/static.ts.
 */
export const LANGUAGE_COOKIE = 'ok_lang';

const mirrorLanguage = (): void => {
  if (typeof document === 'undefined') return;
  document.cookie = `${LANGUAGE_COOKIE}=${getLanguage()}; path=/admin; max-age=31536000; samesite=lax`;
};
mirrorLanguage();
i18n.on('languageChanged', mirrorLanguage);

export { i18n };
