import { useCallback } from 'react';
import { useLanguage } from '../../../shared/i18n';
import { formatCents, formatSignedCents } from './money';

/** `const money = useMoney(); money(1234)` → `¥12.34` in the console's language. */
export const useMoney = () => {
  const language = useLanguage();
  const money = useCallback((cents: number) => formatCents(cents, language), [language]);
  const signed = useCallback((cents: number) => formatSignedCents(cents, language), [language]);
  return Object.assign(money, { signed });
};
