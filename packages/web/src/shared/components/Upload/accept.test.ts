import { describe, expect, it } from 'vitest';
import { acceptAttributeOf, defaultAcceptOf, isAccepted } from './accept';
import { timestampedFileName } from './uploadFile';

const file = (name: string, type = '') => ({ name, type });

describe('isAccepted', () => {
  it('accepts anything when the list is empty', () => {
    expect(isAccepted(file('a.exe'), [])).toBe(true);
  });

  it('matches extensions with or without the dot, ignoring case', () => {
    expect(isAccepted(file('Photo.PNG'), ['.png'])).toBe(true);
    expect(isAccepted(file('photo.png'), ['PNG'])).toBe(true);
    expect(isAccepted(file('photo.png.exe'), ['.png'])).toBe(false);
    expect(isAccepted(file('png'), ['.png'])).toBe(false);
  });

  it('matches MIME types exactly or by wildcard', () => {
    expect(isAccepted(file('x', 'image/webp'), ['image/*'])).toBe(true);
    expect(isAccepted(file('x', 'application/pdf'), ['image/*'])).toBe(false);
    expect(isAccepted(file('x', 'application/pdf'), ['application/pdf'])).toBe(true);
    expect(isAccepted(file('x.pdf', ''), ['application/pdf'])).toBe(false);
  });
});

describe('acceptAttributeOf / defaultAcceptOf', () => {
  it('builds the input attribute and per-kind defaults', () => {
    expect(acceptAttributeOf(['png', '.jpg', 'image/gif'])).toBe('.png,.jpg,image/gif');
    expect(acceptAttributeOf([])).toBeUndefined();
    expect(defaultAcceptOf('avatar')).toContain('.png');
    expect(defaultAcceptOf('attachment')).toEqual([]);
  });
});

describe('timestampedFileName', () => {
  it('prefixes the upload time as YYYYMMDDHHmmss and a dash (spec §7)', () => {
    expect(timestampedFileName('报告.pdf', new Date(2026, 10, 22, 9, 30, 5))).toBe('20261122093005-报告.pdf');
  });
});
