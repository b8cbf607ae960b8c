import { expiryWarningDays } from '@openkefu/contract';
import { daysBetween } from '../bill/billing.dates.js';

export type ExpiryState = 'active' | 'expiring' | 'expired';

/** The first warning comes this many days before the validity ends. */
const firstWarningDays = Math.max(...expiryWarningDays);

/**
 * Where an organisation stands on `today`: its validity day itself is still valid; the day after it
 * the organisation is expired (its console read-only). No validity: never expires.
 */
export const expiryOf = (
  validity: string | null,
  today: string,
): { state: ExpiryState; daysLeft: number | null } => {
  if (validity === null) return { state: 'active', daysLeft: null };
  const daysLeft = daysBetween(today, validity);
  if (daysLeft < 0) return { state: 'expired', daysLeft };
  return { state: daysLeft <= firstWarningDays ? 'expiring' : 'active', daysLeft };
};

export const isExpired = (validity: string | null | undefined, today: string): boolean =>
  typeof validity === 'string' && validity < today;

/**
 * The warning due `daysLeft` days before expiry: the nearest of 7, 3 and 1 days not yet passed
 * (2 days left → the 3-day warning), or null when none is due (more than 7 days, or expired).
 */
export const warningDueAt = (daysLeft: number): number | null => {
  if (daysLeft < 0) return null;
  const due = [...expiryWarningDays].sort((a, b) => a - b).find((days) => daysLeft <= days);
  return due ?? null;
};
