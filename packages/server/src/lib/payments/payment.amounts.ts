/*
 * Money and clock conversions the providers' protocols need. Amounts stay integers of cents on our
 * side; Alipay speaks yuan as decimal text ("12.34"), read and written here without floating point.
 * Both providers speak China's clock (UTC+8 all year, no daylight saving).
 */

const chinaOffsetMs = 8 * 60 * 60 * 1000;

/** 1234 → "12.34". */
export const formatYuan = (cents: number): string => {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not an amount of cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
};

/** "12.34" (also "12", "12.3") → 1234; null for anything else. */
export const parseYuan = (text: unknown): number | null => {
  if (typeof text !== 'string') return null;
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
};

const pad = (value: number) => String(value).padStart(2, '0');

/** The wall-clock parts of an instant in China. */
const chinaParts = (at: number) => {
  const shifted = new Date(at + chinaOffsetMs);
  return {
    date: `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`,
    time: `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}:${pad(shifted.getUTCSeconds())}`,
  };
};

/** Epoch ms → "2024-05-01T10:34:56+08:00" (RFC 3339, as WeChat Pay writes its times). */
export const formatChinaRfc3339 = (at: number): string => {
  const { date, time } = chinaParts(at);
  return `${date}T${time}+08:00`;
};

/** Epoch ms → "2024-05-01 10:34:56" in China's time (Alipay's timestamps). */
export const formatChinaDateTime = (at: number): string => {
  const { date, time } = chinaParts(at);
  return `${date} ${time}`;
};

/** "2024-05-01 10:34:56" (optionally with ".320" milliseconds) in China's time → epoch ms; null if unreadable. */
export const parseChinaDateTime = (text: unknown): number | null => {
  if (typeof text !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?$/.exec(text.trim());
  if (!match) return null;
  const [, year, month, day, hours, minutes, seconds, millis] = match;
  return (
    Date.UTC(
      +year!,
      +month! - 1,
      +day!,
      +hours!,
      +minutes!,
      +seconds!,
      Number((millis ?? '').padEnd(3, '0')),
    ) - chinaOffsetMs
  );
};

/** An RFC 3339 time ("2024-05-01T10:34:56+08:00") → epoch ms; null if unreadable. */
export const parseRfc3339 = (text: unknown): number | null => {
  if (
    typeof text !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(text)
  )
    return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : at;
};
