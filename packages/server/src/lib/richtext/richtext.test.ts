import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.js';
import { sanitizeRichText } from './sanitize.js';
import { htmlToPlainText } from './text.js';

/** Classic XSS payloads (OWASP filter-evasion cheat sheet and friends). */
export const xssPayloads = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="javascript:alert(1);">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<img src="jav&#x09;ascript:alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="data:text/html,<script>alert(1)</script>">click</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<body onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p onclick="alert(1)" onmouseover="alert(1)">x</p>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<<script>script>alert(1)<</script>/script>',
  '<style>@import "javascript:alert(1)";</style>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<base href="javascript:alert(1)//">',
  '"><script>alert(1)</script>',
  '<a href="//evil.example">protocol-relative</a>',
];

// Active markup only: escaped text ("&lt;script&gt;") is what the payload should become.
const dangerous =
  /<(?:script|iframe|object|embed|svg|math|style|meta|base|form|input|button|details|body)\b|<[^>]*\son\w+\s*=|<[^>]*\b(?:href|src|action)\s*=\s*"?\s*(?:javascript|vbscript|data):/i;

describe('sanitizeRichText', () => {
  it.each(xssPayloads)('neutralises %s', (payload) => {
    expect(sanitizeRichText(payload)).not.toMatch(dangerous);
    // Text around it survives (an unclosed svg or math may take what follows with it: safe).
    const wrapped = sanitizeRichText(`<p>before</p>${payload}<p>after</p>`);
    expect(wrapped.startsWith('<p>before</p>')).toBe(true);
    expect(wrapped).not.toMatch(dangerous);
  });

  it('keeps the editor’s formatting: headings, lists, tables, code, links, images', () => {
    const html =
      '<h2>Refunds</h2><p><strong>Bold</strong> <em>it</em> <u>u</u> <s>s</s> <mark>m</mark></p>' +
      '<ul><li>one</li></ul><ol start="3"><li>three</li></ol><blockquote>q</blockquote>' +
      '<pre><code class="language-ts">const a = 1;</code></pre><hr>' +
      '<table><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>' +
      '<p><a href="https://example.com/x" title="t">web</a> <a href="mailto:a@example.com">mail</a> ' +
      '<a href="/help/faq">relative</a><br><img src="/uploads/a/b.png" alt="a" width="120" height="80"></p>';
    expect(sanitizeRichText(html)).toBe(
      html
        .replace('<hr>', '<hr />')
        .replace('<br>', '<br />')
        .replace(/(<img[^>]*)>/, '$1 />'),
    );
  });

  it('adds rel="noopener noreferrer nofollow" to links opening a new tab and drops unknown targets', () => {
    expect(sanitizeRichText('<a href="https://x.example" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizeRichText('<a href="https://x.example" target="top">x</a>')).toBe(
      '<a href="https://x.example">x</a>',
    );
  });

  it('drops images with data: or script addresses and nonsense sizes, classes and styles', () => {
    expect(sanitizeRichText('<img src="data:image/png;base64,AAAA">')).toBe('');
    expect(sanitizeRichText('<img src="https://x.example/a.png" width="expression(1)">')).toBe(
      '<img src="https://x.example/a.png" />',
    );
    expect(sanitizeRichText('<span class="x" style="color:red">t</span>')).toBe('<span>t</span>');
  });
});

describe('renderMarkdown', () => {
  it('renders Markdown, shows raw HTML as text and refuses script links', () => {
    const html = renderMarkdown(
      '# Title\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) ![i](data:image/png;base64,AA) **b**\n\n| a | b |\n|---|---|\n| 1 | 2 |',
    );
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<strong>b</strong>');
    expect(html).toContain('<td>2</td>');
    expect(html).not.toMatch(dangerous);
  });

  it.each(xssPayloads)('keeps %s inert', (payload) => {
    expect(renderMarkdown(payload)).not.toMatch(dangerous);
  });
});

describe('htmlToPlainText', () => {
  it('gives the visible text with block breaks as spaces and entities decoded', () => {
    expect(htmlToPlainText('<h1>Title</h1><p>a &amp; b &lt;i&gt;</p><p>c<br>d</p><script>x()</script>')).toBe(
      'Title a & b <i> c d',
    );
    expect(htmlToPlainText('<p>退款</p><p>发票</p>')).toBe('退款 发票');
  });
});
