import { afterEach, describe, expect, it } from 'vitest';
import { formatDayTime } from './dayTime';
import { changeLanguage } from '../i18n';

describe('formatDayTime', () => {
  afterEach(async () => {
    await changeLanguage('en-US');
  });

  it('formats d h m s', () => {
    expect(formatDayTime(86_400 + 2 * 3600 + 3 * 60 + 4)).toBe('1d 2h 3m 4s');
    expect(formatDayTime(59)).toBe('59s');
    expect(formatDayTime(60)).toBe('1m');
    expect(formatDayTime(3601)).toBe('1h 1s');
    expect(formatDayTime(10 * 86_400)).toBe('10d');
  });

  it('handles zero, negatives and fractions', () => {
    expect(formatDayTime(0)).toBe('0s');
    expect(formatDayTime(-5)).toBe('0s');
    expect(formatDayTime(61.9)).toBe('1m 1s');
  });

  it('is localised', async () => {
    await changeLanguage('zh-CN');
    expect(formatDayTime(86_400 + 2 * 3600 + 3 * 60 + 4)).toBe('1天2小时3分4秒');
    expect(formatDayTime(0)).toBe('0秒');
  });
});
