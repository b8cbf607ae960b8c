import type MarkdownIt from 'markdown-it';
import { lazyRequire } from '../lazy-require.js';
import { sanitizeRichText } from './sanitize.js';

const loadMarkdownIt = lazyRequire<typeof MarkdownIt>('markdown-it');
let markdown: InstanceType<typeof MarkdownIt> | undefined;
// Made at the first Markdown render. html: false — raw HTML in Markdown is shown as text, never
// passed through; the render is sanitised anyway, so one allow-list decides what any stored content may hold.
const markdownRenderer = () =>
  (markdown ??= new (loadMarkdownIt())({ html: false, linkify: true, breaks: false }));

/** Markdown rendered to HTML and sanitised (the article editor's Markdown mode, imports). */
export const renderMarkdown = (source: string): string =>
  source.trim() === '' ? '' : sanitizeRichText(markdownRenderer().render(source));
