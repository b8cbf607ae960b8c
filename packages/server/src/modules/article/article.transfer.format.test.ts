import { describe, expect, it } from 'vitest';
import { htmlToMarkdown } from '../../lib/richtext/html-to-markdown.js';
import {
  fileNameOf,
  markdownArticleSchema,
  readMarkdownArticle,
  replaceMarkdownImages,
  resolveZipPath,
} from './article.transfer.format.js';

describe('article transfer formats', () => {
  it('reads front matter dates as UTC and flags people write', () => {
    const read = readMarkdownArticle(
      'x.md',
      '---\ntitle: T\npublishAt: 2026-12-01 09:30\nrecommend: 是\ntop: no\nkeywords: a，b\n---\nbody',
      'en-US',
    );
    if (!('input' in read)) throw new Error('unread');
    const parsed = markdownArticleSchema('en-US').parse(read.input);
    expect(parsed).toMatchObject({
      publishAt: Date.UTC(2026, 11, 1, 9, 30),
      recommend: true,
      top: false,
      keywords: ['a', 'b'],
      markdown: 'body',
    });
  });

  it('takes the title from the first heading, else the file name', () => {
    expect(readMarkdownArticle('dir/Note.md', '# Hello\n\nText', 'en-US')).toEqual({
      input: { title: 'Hello', markdown: 'Text' },
    });
    expect(readMarkdownArticle('dir/Note.md', 'Text', 'en-US')).toEqual({
      input: { title: 'Note', markdown: 'Text' },
    });
  });

  it('never resolves an image outside the zip', () => {
    expect(resolveZipPath('a/b/c.md', '../img/x%20y.png')).toBe('a/img/x y.png');
    expect(resolveZipPath('c.md', '../x.png')).toBeNull();
  });

  it('rewrites only the images it is given', () => {
    const markdown = '![a](img/a.png "A") ![b](https://x.test/b.png)';
    expect(replaceMarkdownImages(markdown, new Map([['img/a.png', '/uploads/k/a.png']]))).toBe(
      '![a](</uploads/k/a.png> "A") ![b](https://x.test/b.png)',
    );
  });

  it('names files after titles without characters file systems refuse, and never twice', () => {
    const taken = new Set<string>();
    expect(fileNameOf('A/B: c?', taken)).toBe('A-B- c.md');
    expect(fileNameOf('a-b- C', taken)).toBe('a-b- C-2.md');
    expect(fileNameOf('A/B: c?', taken)).toBe('A-B- c-3.md');
  });

  it('turns the editor’s tables and lists into GFM', () => {
    expect(
      htmlToMarkdown(
        '<table><colgroup><col></colgroup><tbody><tr><th><p>a</p></th><th><p>b</p></th></tr><tr><td><p>1</p></td><td><p>2</p></td></tr></tbody></table><ol><li><p>x</p></li><li><p>y</p></li></ol>',
      ),
    ).toBe('| a   | b   |\n| --- | --- |\n| 1   | 2   |\n\n1. x\n2. y');
  });
});
