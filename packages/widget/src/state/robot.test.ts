import { describe, expect, it } from 'vitest';
import { isHttpUrl, readRobotReply } from './robot.js';

describe('robot replies', () => {
  it('reads each kind of reply', () => {
    const welcome = {
      kind: 'welcome',
      text: 'Hi',
      faqs: [{ aid: 'f1', question: 'Refund?' }],
      quickButtons: [{ qbid: 'q1', label: 'Person', action: 'transfer', content: '' }],
    };
    expect(readRobotReply(JSON.stringify(welcome))).toEqual(welcome);
    const none = { kind: 'none', question: 'x', text: '', faqs: [] };
    expect(readRobotReply(JSON.stringify(none))).toEqual(none);
    const suggest = {
      kind: 'suggest',
      question: 'x',
      text: '',
      candidates: [{ source: 'faq', aid: 'f1', question: 'Refund?' }],
    };
    expect(readRobotReply(JSON.stringify(suggest))).toEqual(suggest);
  });

  it('treats anything else as no reply rather than throwing', () => {
    for (const content of [
      '',
      'not json',
      'null',
      '"text"',
      JSON.stringify({ kind: 'welcome', text: 'Hi', faqs: 'no', quickButtons: [] }),
      JSON.stringify({
        kind: 'answer',
        question: 'q',
        source: 'faq',
        aid: 'a',
        title: 't',
        answer: '',
        url: '',
        related: [],
        rating: 'great',
      }),
      JSON.stringify({ kind: 'none', question: 'q', text: 1, faqs: [] }),
      JSON.stringify({ kind: 'other' }),
    ])
      expect(readRobotReply(content)).toBeNull();
  });

  it('opens only http(s) addresses', () => {
    expect(isHttpUrl('https://shop.example/orders')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('data:text/html,x')).toBe(false);
  });
});
