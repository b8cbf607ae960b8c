/**
 * Build-time only (vite.config.ts loads it through Vite's SSR loader after the client build):
 * renders the login page to HTML for each language and each set of sign-in methods the server
 * may offer, so the server can send the form inside the HTML (issue 18). Never part of the bundle.
 */
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { PublicConfig } from '@openkefu/contract';
import { SUPPORTED_LANGUAGES, i18n, type Language } from '../../shared/i18n';
import { BlankLayout } from '../../layouts/BlankLayout';
import { LoginPage } from '../../features/user/pages/LoginPage';
import { primePublicConfig } from '../../features/user/hooks/usePublicConfig';
import { PRERENDER_ID } from '../../features/user/prerender';
import { APP_BASENAME } from '../guard/guard';
import { LOGIN_PATH } from '../../shared/routing/resolvePath';

type LoginMethod = PublicConfig['loginMethods'][number];

/** Every set the server can offer (password always; mobile and email by provider), in its order. */
const METHOD_SETS: LoginMethod[][] = [
  ['password'],
  ['password', 'mobile'],
  ['password', 'email'],
  ['password', 'mobile', 'email'],
];

// Only what the login page reads: the sign-in methods. The footer's links are left out (private
// server): they sit below the card and appear when React takes over.
const configWith = (loginMethods: LoginMethod[]): PublicConfig => ({
  productName: 'OpenKefu',
  version: '',
  privateServer: true,
  features: {
    onlineVisitor: true,
    historyMessage: true,
    monitor: true,
    qualityCheck: true,
    statistic: true,
    support: true,
    feedback: true,
    wechatScanLogin: false,
    im: true,
  },
  links: { support: '', help: '', agreement: '' },
  uploadBaseUrl: '',
  showDebugMenus: false,
  loginMethods,
});

/*
 * Until the scripts arrive the copy must not act on its own: the form submits nowhere (a dialog
 * form outside a dialog does nothing: no GET with the password in the address), and buttons and
 * the language select are inert, so a click waits for React's form rather than being lost.
 */
const freeze = (html: string): string =>
  html.replace(/<form /g, '<form method="dialog" ').replace(/<(button|select)\b/g, '<$1 inert=""');

/** Hides #root (React renders there meanwhile) while the copy is in the page. */
const style = `<style>#${PRERENDER_ID}~#root{display:none}</style>`;

export type LoginPrerender = {
  path: string;
  titles: Record<Language, string>;
  /** Keyed `${language} ${methods joined by ","}`. */
  bodies: Record<string, string>;
};

export const renderLogin = async (): Promise<LoginPrerender> => {
  const titles = {} as Record<Language, string>;
  const bodies: Record<string, string> = {};
  for (const language of SUPPORTED_LANGUAGES) {
    await i18n.changeLanguage(language);
    titles[language] = `${i18n.t('user:login.title')} - ${i18n.t('shared:product.tagline')}`;
    for (const methods of METHOD_SETS) {
      primePublicConfig(configWith(methods));
      const html = renderToString(
        <MemoryRouter basename={APP_BASENAME} initialEntries={[`${APP_BASENAME}${LOGIN_PATH}`]}>
          <Routes>
            <Route path="antv/user" element={<BlankLayout />}>
              <Route path="login" element={<LoginPage />} />
            </Route>
          </Routes>
        </MemoryRouter>,
      );
      bodies[`${language} ${methods.join(',')}`] = `${style}<div id="${PRERENDER_ID}">${freeze(html)}</div>`;
    }
  }
  primePublicConfig(null);
  return { path: `${APP_BASENAME}${LOGIN_PATH}`, titles, bodies };
};
