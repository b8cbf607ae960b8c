// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the package ships no types; programs that only import this file (bench) see its declaration too
/// <reference path="./turndown-plugin-gfm.d.ts" />
import { gfm } from '@joplin/turndown-plugin-gfm';
import TurndownService from 'turndown';

/*
 * Stored (sanitised) HTML to Markdown, for exports of articles written in the rich-text editor.
 * The same choices as the console's Markdown mode (packages/web/src/shared/editor/markdown.ts):
 * ATX headings, fenced code, `-` bullets, GFM tables. Input is sanitiser output, so a few regular
 * expressions stand in for the DOM clean-up the browser does there.
 */

let service: TurndownService | null = null;

const getService = (): TurndownService => {
  if (service) return service;
  const created = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '*',
  });
  created.use(gfm);
  // A paragraph break would end the Markdown table row: a cell's paragraphs are joined by a space.
  created.addRule('tableCellParagraph', {
    filter: (node) => node.nodeName === 'P' && /^(TD|TH)$/.test(node.parentNode?.nodeName ?? ''),
    replacement: (content, node) => (node.previousSibling ? ` ${content}` : content),
  });
  created.addRule('listItem', {
    filter: 'li',
    replacement: (content, node) => {
      const parent = node.parentNode as {
        nodeName: string;
        getAttribute?: (name: string) => string | null;
        children?: ArrayLike<unknown>;
      } | null;
      let prefix = '- ';
      if (parent?.nodeName === 'OL') {
        const start = Number(parent.getAttribute?.('start') ?? '1') || 1;
        prefix = `${start + Array.prototype.indexOf.call(parent.children ?? [], node)}. `;
      }
      const body = content
        .replace(/^\n+/, '')
        .replace(/\n+$/, '\n')
        .replace(/\n(?=.)/g, `\n${' '.repeat(prefix.length)}`);
      return `${prefix}${body}${node.nextSibling && !body.endsWith('\n') ? '\n' : ''}`;
    },
  });
  service = created;
  return created;
};

/**
 * The editor puts a <p> in every list item and table cell (unwrapped when it is the only one, so lists
 * stay tight) and a <colgroup> before a table's rows: without it the GFM plugin sees the header row. */
const simplify = (html: string) =>
  html
    .replace(/<colgroup\b[\s\S]*?<\/colgroup>/gi, '')
    .replace(/<(li|td|th)([^>]*)>\s*<p>((?:(?!<\/?p\b)[\s\S])*)<\/p>\s*<\/\1>/gi, '<$1$2>$3</$1>');

export const htmlToMarkdown = (html: string): string =>
  html.trim() === '' ? '' : getService().turndown(simplify(html)).trim();
