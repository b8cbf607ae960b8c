import { i18n } from '../i18n';

export type GreetingKey = 'morning' | 'forenoon' | 'noon' | 'afternoon' | 'evening';

/** Spec §9: before 9 morning; up to 11 forenoon; up to 13 noon; before 20 afternoon; otherwise evening. */
export const greetingKeyByHour = (hour: number): GreetingKey => {
  if (hour < 9) return 'morning';
  if (hour <= 11) return 'forenoon';
  if (hour <= 13) return 'noon';
  if (hour < 20) return 'afternoon';
  return 'evening';
};

/** The localised greeting for a moment (local time), e.g. "Good evening" / "晚上好". */
export const greeting = (date: Date = new Date()): string =>
  i18n.t(`shared:greeting.${greetingKeyByHour(date.getHours())}`);
