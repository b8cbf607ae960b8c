import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useSyncExternalStore } from 'react';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { Language } from '@openkefu/contract';
import { LANGUAGE, storage } from '../storage/storage';
import { sharedEnUS } from '../locales/en-US';
import { sharedZhCN } from '../locales/zh-CN';
import {
  DEFAULT_LANGUAGE,
  SUPPORTED_LANGUAGES,
  dayjsLocaleOf,
  detectLanguage,
  normalizeLanguage,
} from './language';

export { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, normalizeLanguage } from './language';
export type { Language } from '@openkefu/contract';

/**
 * The one i18next instance of the console. Importing this module initialises it (synchronously:
 * the bundled namespaces are in memory). Other features add their namespaces with
 * `i18n.addResourceBundle(lang, ns, messages)`.
 */
export const i18n = i18next.createInstance();

/** The installable app's name and description in the console's language (public/manifest*.webmanifest). */
export const manifestHrefOf = (language: Language): string =>
  language === 'zh-CN' ? '/admin/manifest.zh-CN.webmanifest' : '/admin/manifest.webmanifest';

const applyLanguageSideEffects = (language: Language): void => {
  dayjs.locale(dayjsLocaleOf(language));
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', manifestHrefOf(language));
};

const initialLanguage = detectLanguage(
  typeof window === 'undefined' ? '' : window.location.search,
  storage.get<unknown>(LANGUAGE),
);

void i18n.use(initReactI18next).init({
  resources: {
    'en-US': { shared: sharedEnUS },
    'zh-CN': { shared: sharedZhCN },
  },
  lng: initialLanguage,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  ns: ['shared'],
  defaultNS: 'shared',
  interpolation: { escapeValue: false }, // React escapes.
  returnNull: false,
  initAsync: false,
  react: { useSuspense: false },
});

i18n.on('languageChanged', (lng: string) => {
  applyLanguageSideEffects(normalizeLanguage(lng) ?? DEFAULT_LANGUAGE);
});
applyLanguageSideEffects(initialLanguage);
// A language chosen by `?lang=` sticks, like one chosen in the switch.
if (storage.get<unknown>(LANGUAGE) !== initialLanguage) storage.set(LANGUAGE, initialLanguage);

export const getLanguage = (): Language =>
  normalizeLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;

/** Switches the console language: i18next, dayjs locale, `<html lang>`, the app manifest, and the stored choice. */
export const changeLanguage = async (lang: string): Promise<Language> => {
  const language = normalizeLanguage(lang) ?? DEFAULT_LANGUAGE;
  storage.set(LANGUAGE, language);
  await i18n.changeLanguage(language);
  return language;
};

const subscribeLanguage = (onChange: () => void): (() => void) => {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
};

/** The current language; re-renders the caller when it changes. */
export const useLanguage = (): Language => useSyncExternalStore(subscribeLanguage, getLanguage, getLanguage);
