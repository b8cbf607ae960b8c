import { afterEach, describe, expect, it } from 'vitest';
import { greeting, greetingKeyByHour } from './greeting';
import { changeLanguage } from '../i18n';

describe('greetingKeyByHour', () => {
  it.each([
    [0, 'morning'],
    [8, 'morning'],
    [9, 'forenoon'],
    [11, 'forenoon'],
    [12, 'noon'],
    [13, 'noon'],
    [14, 'afternoon'],
    [19, 'afternoon'],
    [20, 'evening'],
    [23, 'evening'],
  ])('hour %i → %s', (hour, key) => {
    expect(greetingKeyByHour(hour)).toBe(key);
  });
});

describe('greeting', () => {
  afterEach(async () => {
    await changeLanguage('en-US');
  });

  it('is localised', async () => {
    expect(greeting(new Date(2024, 0, 1, 7))).toBe('Good morning');
    expect(greeting(new Date(2024, 0, 1, 21))).toBe('Good evening');
    await changeLanguage('zh-CN');
    expect(greeting(new Date(2024, 0, 1, 7))).toBe('早上好');
    expect(greeting(new Date(2024, 0, 1, 10))).toBe('上午好');
    expect(greeting(new Date(2024, 0, 1, 12))).toBe('中午好');
    expect(greeting(new Date(2024, 0, 1, 15))).toBe('下午好');
    expect(greeting(new Date(2024, 0, 1, 20))).toBe('晚上好');
  });
});
