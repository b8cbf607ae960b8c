import type { ByteRange } from '../../lib/storage/storage.js';

/**
 * One `Range: bytes=…` (RFC 9110 §14.1.2) against a file of `size` bytes: the inclusive range to
 * send, null to send the whole file (no header, several ranges, or a form we ignore), or
 * 'unsatisfiable' (416) when the range starts past the end. Media players seek with these.
 */
export const parseByteRange = (
  header: string | undefined,
  size: number,
): ByteRange | null | 'unsatisfiable' => {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const last = match[2] === '' ? Number.POSITIVE_INFINITY : Number(match[2]);
  if (last < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(last, size - 1) };
};
