import type { Language } from '@openkefu/contract';

export type { Language };

// Keep in sync with `languageSchema` in packages/contract/src/enums.ts (not imported as a value:
// the contract's zod schemas would weigh down the login page).
export const SUPPORTED_LANGUAGES = ['en-US', 'zh-CN'] as const satisfies readonly Language[];
export const DEFAULT_LANGUAGE: Language = 'en-US';

/** Maps loose spellings (`zh`, `zh_cn`, `ZH-CN`, `en`, `en-GB`) to a supported language, else null. */
export const normalizeLanguage = (input: string | null | undefined): Language | null => {
  if (typeof input !== 'string') return null;
  const value = input.trim().replace('_', '-').toLowerCase();
  if (value === '') return null;
  if (value === 'zh' || value.startsWith('zh-')) return 'zh-CN';
  if (value === 'en' || value.startsWith('en-')) return 'en-US';
  return null;
};

/** `?lang=` wins over the stored choice; otherwise the product default en-US (spec §1). */
export const detectLanguage = (search: string, stored: unknown): Language =>
  normalizeLanguage(new URLSearchParams(search).get('lang')) ??
  normalizeLanguage(typeof stored === 'string' ? stored : null) ??
  DEFAULT_LANGUAGE;

/** dayjs names its locales in lower case. */
export const dayjsLocaleOf = (language: Language): string => (language === 'zh-CN' ? 'zh-cn' : 'en');
