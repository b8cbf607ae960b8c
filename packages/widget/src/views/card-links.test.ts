import {
  formatCoordinates as contractCoordinates,
  isWebUrl as contractIsWebUrl,
  mapUrlOf as contractMapUrl,
} from '@openkefu/contract';
import { describe, expect, it } from 'vitest';
import { formatCoordinates, isWebUrl, mapUrlOf } from './card-links.js';

describe("the widget's card addresses", () => {
  it('match the contract (kept in sync by hand)', () => {
    const point = { latitude: -33.85681, longitude: 151.21529 };
    expect(mapUrlOf(point)).toBe(contractMapUrl(point));
    expect(formatCoordinates(point)).toBe(contractCoordinates(point));
    for (const url of ['https://a.example/x', 'http://a.example', 'javascript:alert(1)', 'data:x', 'nope'])
      expect(isWebUrl(url)).toBe(contractIsWebUrl(url));
  });
});
