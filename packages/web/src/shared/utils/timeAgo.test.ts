import { afterEach, describe, expect, it } from 'vitest';
import { timeAgo } from './timeAgo';
import { changeLanguage } from '../i18n';

const now = new Date(2024, 5, 15, 12, 0, 0).getTime();
const ago = (seconds: number) => timeAgo(now - seconds * 1000, now);

describe('timeAgo', () => {
  afterEach(async () => {
    await changeLanguage('en-US');
  });

  it('counts seconds, minutes, hours and days (under 5)', () => {
    expect(ago(0)).toBe('just now');
    expect(ago(1)).toBe('1 second ago');
    expect(ago(59)).toBe('59 seconds ago');
    expect(ago(60)).toBe('1 minute ago');
    expect(ago(59 * 60 + 59)).toBe('59 minutes ago');
    expect(ago(3600)).toBe('1 hour ago');
    expect(ago(23 * 3600)).toBe('23 hours ago');
    expect(ago(24 * 3600)).toBe('1 day ago');
    expect(ago(5 * 86400 - 1)).toBe('4 days ago');
  });

  it('shows the date from 5 days on', () => {
    expect(ago(5 * 86400)).toBe('2024-06-10');
    expect(timeAgo('2023-01-02T10:00:00', now)).toBe('2023-01-02');
  });

  it('treats future times as just now and invalid input as empty', () => {
    expect(ago(-30)).toBe('just now');
    expect(timeAgo('not a date', now)).toBe('');
  });

  it('is localised', async () => {
    await changeLanguage('zh-CN');
    expect(ago(0)).toBe('刚刚');
    expect(ago(5)).toBe('5秒前');
    expect(ago(120)).toBe('2分钟前');
    expect(ago(7200)).toBe('2小时前');
    expect(ago(3 * 86400)).toBe('3天前');
  });
});
