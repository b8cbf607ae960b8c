import { describe, expect, it } from 'vitest';
import { pageQuerySchema, queryBooleanSchema, toPage } from './envelope.js';

describe('toPage', () => {
  it('describes a middle page of a longer list', () => {
    const page = toPage(['c', 'd'], 5, { page: 1, size: 2 });
    expect(page).toEqual({
      content: ['c', 'd'],
      totalElements: 5,
      totalPages: 3,
      number: 1,
      size: 2,
      first: false,
      last: false,
      empty: false,
    });
  });

  it('marks the last page and an empty list', () => {
    expect(toPage(['e'], 5, { page: 2, size: 2 })).toMatchObject({ first: false, last: true, empty: false });
    expect(toPage([], 0, { page: 0, size: 20 })).toMatchObject({
      totalPages: 0,
      first: true,
      last: true,
      empty: true,
    });
  });

  it('says a capped total is a lower bound and never marks its page the last', () => {
    const page = toPage(['x'], 10_001, { page: 500, size: 20 }, { isTotalCapped: true });
    expect(page).toMatchObject({ totalElements: 10_001, totalPages: 501, last: false, totalCapped: true });
    expect(toPage(['x'], 41, { page: 1, size: 20 })).not.toHaveProperty('totalCapped');
  });
});

describe('pageQuerySchema', () => {
  it('defaults to page 0, size 20 and coerces query strings', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 0, size: 20 });
    expect(pageQuerySchema.parse({ page: '3', size: '12' })).toEqual({ page: 3, size: 12 });
  });

  it('refuses negative pages and oversized pages', () => {
    expect(pageQuerySchema.safeParse({ page: -1 }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ size: 101 }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ size: 'many' }).success).toBe(false);
  });
});

describe('queryBooleanSchema', () => {
  it.each([
    [true, true],
    ['true', true],
    ['1', true],
    [false, false],
    ['false', false],
    ['0', false],
  ])('reads %s as %s', (input, expected) => {
    expect(queryBooleanSchema.parse(input)).toBe(expected);
  });

  it('refuses anything else', () => {
    expect(queryBooleanSchema.safeParse('yes').success).toBe(false);
  });
});
