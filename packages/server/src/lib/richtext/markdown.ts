import { createRequire } from 'node:module';
import type MarkdownIt from 'markdown-it';
import { sanitizeRichText } from './sanitize.js';

// Made at the first Markdown render, not at start-up (issue 18); CommonJS, so synchronously.
const require = createRequire(import.meta.url);
type Markdown = InstanceType<typeof MarkdownIt>;
let markdown: Markdown | undefined;
// html: false — raw HTML in Markdown is shown as text, never passed through; the render is
// sanitised anyway, so one allow-list decides what any stored content may hold.
const loadMarkdown = (): Markdown =>
  (markdown ??= new (require('markdown-it') as typeof MarkdownIt)({
    html: false,
    linkify: true,
    breaks: false,
  }));

/** Markdown rendered to HTML and sanitised (the article editor's Markdown mode, imports). */
export const renderMarkdown = (source: string): string =>
  source.trim() === '' ? '' : sanitizeRichText(loadMarkdown().render(source));
