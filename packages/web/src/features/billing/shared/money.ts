import type { Language } from '@openkefu/contract';

/*
 * Money on the billing contract is integer cents; people read and type yuan. These are the only
 * conversions between the two on the web side, shared by the organisation's and the platform's pages.
 */

const numberFormat = (language: Language) =>
  new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** `¥1,234.50`; a negative amount `-¥5.00`. */
export const formatCents = (cents: number, language: Language): string => {
  const text = numberFormat(language).format(Math.abs(cents) / 100);
  return cents < 0 ? `-¥${text}` : `¥${text}`;
};

/** Ledger amounts: `+¥10.00`, `-¥5.00`, `¥0.00`. */
export const formatSignedCents = (cents: number, language: Language): string =>
  cents > 0 ? `+${formatCents(cents, language)}` : formatCents(cents, language);

/** A yuan amount typed in a form (up to two decimals) as whole cents; rounding absorbs float noise. */
export const yuanToCents = (yuan: number): number => Math.round(yuan * 100);

/** Cents as the yuan number a form field shows. */
export const centsToYuan = (cents: number): number => cents / 100;

/** Large-model token counts read better as "1.2M". */
export const formatTokens = (tokens: number, language: Language): string =>
  new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }).format(tokens);
