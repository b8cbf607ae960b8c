import { describe, expect, it } from 'vitest';
import { leaveMessageCreateBodySchema } from './leavemsg.js';
import { stripControlCharacters, visitorTextSchema } from './visitor.js';

describe('visitor-supplied text', () => {
  it('removes control characters, separators and direction overrides from a single line', () => {
    expect(stripControlCharacters('a\u0000b\tc\r\nd\u001b\u007f\u0085\u2028\u202ee\u2069')).toBe('abcde');
  });

  it('keeps line feeds in multi-line text, turning CR LF and lone CR into LF', () => {
    expect(stripControlCharacters('one\r\ntwo\rthree\n\u0000four', true)).toBe('one\ntwo\nthree\nfour');
  });

  it('keeps ordinary text, emoji and Chinese as they are', () => {
    expect(stripControlCharacters('你好 👋🏽 café')).toBe('你好 👋🏽 café');
  });

  it('checks the length after cleaning and trimming', () => {
    const schema = visitorTextSchema(3);
    expect(schema.parse(' ab\u0000c ')).toBe('abc');
    expect(schema.safeParse('abcd').success).toBe(false);
  });
});

describe('a left message', () => {
  it('keeps its lines but not its control characters, and is still required', () => {
    expect(leaveMessageCreateBodySchema.parse({ content: 'line one\r\nline\u0007 two' }).content).toBe(
      'line one\nline two',
    );
    expect(leaveMessageCreateBodySchema.safeParse({ content: '\u0000\u0001 ' }).success).toBe(false);
  });
});
