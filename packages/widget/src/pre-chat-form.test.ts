import { mobilePattern } from '@openkefu/contract';
import { describe, expect, it } from 'vitest';
import { isMobileNumber } from './pre-chat-form.js';

describe('isMobileNumber', () => {
  it('accepts what the server accepts and trims first', () => {
    expect(isMobileNumber(' +86 138-0013-8000 ')).toBe(true);
    expect(isMobileNumber('13800138000')).toBe(true);
    expect(isMobileNumber('call me')).toBe(false);
    expect(isMobileNumber('123')).toBe(false);
  });

  it('keeps in step with the contract', () => {
    expect(String(mobilePattern)).toBe(String(/^\+?[0-9 -]{5,20}$/));
  });
});
