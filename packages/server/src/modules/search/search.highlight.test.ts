import { describe, expect, it } from 'vitest';
import { createHighlighter, escapeHtml, highlightSnippet, highlightText } from './search.highlight.js';
import { normalizeSearchQuery } from './search-log.js';

describe('highlightText', () => {
  it('marks whole English words case-insensitively', () => {
    expect(highlightText('How to Reset your password', 'reset PASSWORD')).toBe(
      'How to <mark>Reset</mark> your <mark>password</mark>',
    );
    // Whole words only, like the index: "refund" does not light up "refunds".
    expect(highlightText('Refunds and refund policy', 'refund')).toBe(
      'Refunds and <mark>refund</mark> policy',
    );
  });

  it('marks Chinese query pairs as one run, and a one-character query alone', () => {
    expect(highlightText('如何申请退款？退款多久到账', '退款')).toBe(
      '如何申请<mark>退款</mark>？<mark>退款</mark>多久到账',
    );
    expect(highlightText('申请退款流程', '申请退款')).toBe('<mark>申请退款</mark>流程');
    expect(highlightText('发票和发货', '票')).toBe('发<mark>票</mark>和发货');
  });

  it('handles mixed scripts and full-width forms', () => {
    expect(highlightText('iPhone手机退款', 'iphone 退款')).toBe('<mark>iPhone</mark>手机<mark>退款</mark>');
    expect(highlightText('ＡＢＣ１２ order', 'abc12')).toBe('<mark>ＡＢＣ１２</mark> order');
  });

  it('escapes everything, including markup in the text and the query', () => {
    expect(highlightText('<script>alert("refund")</script> & refund', 'refund')).toBe(
      '&lt;script&gt;alert(&quot;<mark>refund</mark>&quot;)&lt;/script&gt; &amp; <mark>refund</mark>',
    );
    expect(highlightText('a <b>', '<b>')).toBe('a &lt;<mark>b</mark>&gt;');
    expect(highlightText('plain', '')).toBe('plain');
    expect(escapeHtml(`<a href='x'>"&"</a>`)).toBe('&lt;a href=&#39;x&#39;&gt;&quot;&amp;&quot;&lt;/a&gt;');
  });
});

describe('highlightSnippet', () => {
  const filler = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(6);

  it('cuts about 160 characters around the first match, with ellipses', () => {
    const text = `${filler}To request a refund, open your orders. ${filler}`;
    const snippet = highlightSnippet(text, 'refund');
    expect(snippet).toContain('<mark>refund</mark>');
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet.replace(/<\/?mark>/g, '').length).toBeLessThanOrEqual(162);
  });

  it('starts at the beginning when nothing matches or the match is early, and collapses whitespace', () => {
    expect(highlightSnippet('Short\n\n  text', 'nothing')).toBe('Short text');
    expect(createHighlighter('退款').snippet('退款说明：七天无理由', 160)).toBe(
      '<mark>退款</mark>说明：七天无理由',
    );
  });

  it('works for Chinese and keeps script in the text escaped', () => {
    const text = `${'这是一段很长的说明文字。'.repeat(20)}<script>alert(1)</script>发票申请请联系客服。${'结尾'.repeat(50)}`;
    const snippet = highlightSnippet(text, '发票');
    expect(snippet).toContain('<mark>发票</mark>');
    expect(snippet).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(snippet).not.toContain('<script>');
  });

  it('never splits a surrogate pair', () => {
    const text = `${'😀'.repeat(100)} refund ${'😀'.repeat(100)}`;
    const snippet = highlightSnippet(text, 'refund').replace(/…/g, '');
    expect(snippet).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  });
});

describe('normalizeSearchQuery', () => {
  it('folds, trims, single-spaces and lower-cases', () => {
    expect(normalizeSearchQuery('  Reset   PASSWORD ')).toBe('reset password');
    expect(normalizeSearchQuery('ＲＥＦＵＮＤ 退款')).toBe('refund 退款');
  });
});
