import MarkdownIt from 'markdown-it';
import { sanitizeRichText } from './sanitize.js';

// html: false — raw HTML in Markdown is shown as text, never passed through; the render is
// sanitised anyway, so one allow-list decides what any stored content may hold.
const markdown = new MarkdownIt({ html: false, linkify: true, breaks: false });

/** Markdown rendered to HTML and sanitised (the article editor's Markdown mode, imports). */
export const renderMarkdown = (source: string): string =>
  source.trim() === '' ? '' : sanitizeRichText(markdown.render(source));
