import dayjs from 'dayjs';
import type { Language } from '@openkefu/contract';

/** Balances are kept in yuan (the server stores cents); the product bills in CNY. */
export const BALANCE_CURRENCY = 'CNY';

export const formatMoney = (amount: number, language: Language): string =>
  new Intl.NumberFormat(language, { style: 'currency', currency: BALANCE_CURRENCY }).format(amount);

/** `+¥10.00` / `-¥5.00` for ledger amounts. */
export const formatSignedMoney = (amount: number, language: Language): string =>
  new Intl.NumberFormat(language, {
    style: 'currency',
    currency: BALANCE_CURRENCY,
    signDisplay: 'exceptZero',
  }).format(amount);

export const formatDateTime = (time: number | null | undefined): string | null =>
  time === null || time === undefined ? null : dayjs(time).format('YYYY-MM-DD HH:mm');

/** Days before an account's validity warns (spec: orange within a week). */
export const EXPIRY_WARNING_DAYS = 7;

export type Validity =
  | { state: 'unlimited' }
  | { state: 'expired'; date: string }
  | { state: 'expiring'; date: string; days: number }
  | { state: 'valid'; date: string };

/**
 * An account is valid through its `validateUntilDate` (inclusive): expired from the next day,
 * "expiring" while at most a week is left.
 */
export const validityOf = (validateUntilDate: string | null, now: Date | number = Date.now()): Validity => {
  if (!validateUntilDate) return { state: 'unlimited' };
  const until = dayjs(validateUntilDate.slice(0, 10));
  if (!until.isValid()) return { state: 'unlimited' };
  const date = until.format('YYYY-MM-DD');
  const days = until.startOf('day').diff(dayjs(now).startOf('day'), 'day');
  if (days < 0) return { state: 'expired', date };
  if (days <= EXPIRY_WARNING_DAYS) return { state: 'expiring', date, days };
  return { state: 'valid', date };
};

/** A form's date value (dayjs from the picker, or ProForm's formatted string) as `YYYY-MM-DD`. */
export const toDateOnly = (value: unknown): string | undefined => {
  if (value === null || value === undefined || value === '') return undefined;
  const parsed = dayjs(value as string | Date | dayjs.Dayjs);
  return parsed.isValid() ? parsed.format('YYYY-MM-DD') : undefined;
};
