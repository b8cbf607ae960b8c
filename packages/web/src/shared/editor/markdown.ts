import MarkdownIt from 'markdown-it';
import TurndownService from 'turndown';
import { gfm } from '@joplin/turndown-plugin-gfm';

/*
 * Markdown ↔ HTML for the editor's Markdown mode (STACK: markdown-it with `html: false`, so raw
 * HTML typed into Markdown is shown as text, never run; turndown with the GFM plugin, without
 * which tables are lost). Loaded only with the editor's lazy chunk.
 */

const markdownIt = new MarkdownIt({ html: false, linkify: true, breaks: false });

let turndown: TurndownService | null = null;

const getTurndown = (): TurndownService => {
  if (turndown) return turndown;
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '*',
  });
  service.use(gfm);
  // A paragraph break would end the Markdown table row: a cell's paragraphs are joined by a space.
  service.addRule('tableCellParagraph', {
    filter: (node) => node.nodeName === 'P' && /^(TD|TH)$/.test(node.parentNode?.nodeName ?? ''),
    replacement: (content, node) => (node.previousSibling ? ` ${content}` : content),
  });
  // `- item` rather than turndown's `-   item`; continuation lines indented to the marker's width.
  service.addRule('listItem', {
    filter: 'li',
    replacement: (content, node) => {
      const parent = node.parentNode as HTMLElement | null;
      let prefix = '- ';
      if (parent?.nodeName === 'OL') {
        const start = Number(parent.getAttribute('start') ?? '1') || 1;
        prefix = `${start + Array.prototype.indexOf.call(parent.children, node)}. `;
      }
      const body = content
        .replace(/^\n+/, '')
        .replace(/\n+$/, '\n')
        .replace(/\n(?=.)/g, `\n${' '.repeat(prefix.length)}`);
      return `${prefix}${body}${node.nextSibling && !body.endsWith('\n') ? '\n' : ''}`;
    },
  });
  turndown = service;
  return service;
};

export const markdownToHtml = (markdown: string): string =>
  markdown.trim() === '' ? '' : markdownIt.render(markdown);

/**
 * The editor's HTML has a <p> in every list item and table cell and a <colgroup> before a table's
 * rows; unwrapped and removed, lists stay tight and the GFM plugin sees the header row.
 */
const simplify = (html: string): HTMLElement => {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  for (const colgroup of body.querySelectorAll('colgroup')) colgroup.remove();
  for (const paragraph of body.querySelectorAll('li > p:only-child, td > p:only-child, th > p:only-child'))
    paragraph.replaceWith(...paragraph.childNodes);
  return body;
};

export const htmlToMarkdown = (html: string): string =>
  html.trim() === '' ? '' : getTurndown().turndown(simplify(html));
