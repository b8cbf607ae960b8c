import { describe, expect, it } from 'vitest';
import { createTranslator } from '../i18n.js';
import { callNoticeText } from './notice.js';

describe('call notices in the conversation', () => {
  const en = createTranslator('en-US');
  const zh = createTranslator('zh-CN');
  const ended = { callId: 'c', event: 'ended', media: 'video', caller: 'visitor' };

  it('words the start and each end in the visitor’s language', () => {
    const started = JSON.stringify({ callId: 'c', event: 'started', media: 'audio', caller: 'agent' });
    expect(callNoticeText(started, en)).toBe('The agent started a voice call');
    expect(callNoticeText(started, zh)).toBe('客服发起了语音通话');
    const hangup = JSON.stringify({ ...ended, reason: 'hangup', by: 'agent', durationMs: 83_000 });
    expect(callNoticeText(hangup, en)).toBe('The video call ended (1:23)');
    expect(callNoticeText(JSON.stringify({ ...ended, reason: 'timeout', by: 'system' }), zh)).toBe(
      '视频通话无人接听',
    );
    expect(callNoticeText(JSON.stringify({ ...ended, reason: 'busy', by: 'system' }), en)).toContain('busy');
  });

  it('shows a neutral word for content it cannot read, never the raw text', () => {
    expect(callNoticeText('<b>not json</b>', en)).toBe('Call');
    expect(callNoticeText('{"event":"exploded"}', zh)).toBe('通话');
  });
});
