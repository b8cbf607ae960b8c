const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Spec §9: file sizes in 1024 units, e.g. 1536 → "1.5 KB"; at most `decimals` digits, trailing zeros dropped. */
export const formatFileSize = (bytes: number, decimals = 2): string => {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  const rounded = Number(value.toFixed(exponent === 0 ? 0 : decimals));
  return `${rounded} ${UNITS[exponent]}`;
};
