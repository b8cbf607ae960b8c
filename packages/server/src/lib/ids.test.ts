import { describe, expect, it } from 'vitest';
import { createPublicId } from './ids.js';

describe('createPublicId', () => {
  it('makes opaque lowercase ids of the requested length', () => {
    expect(createPublicId()).toMatch(/^[0-9a-z]{20}$/);
    expect(createPublicId(6)).toMatch(/^[0-9a-z]{6}$/);
  });

  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 5000 }, () => createPublicId()));
    expect(ids.size).toBe(5000);
  });
});
