/**
 * What the editor edits: the HTML, and the Markdown it was written in ('' when written as rich
 * text — the article contract's `content` / `markdown` pair).
 */
export type RichTextValue = { html: string; markdown: string };

export const EMPTY_RICH_TEXT: RichTextValue = { html: '', markdown: '' };

export type RichTextEditorProps = {
  value?: RichTextValue;
  onChange?: (value: RichTextValue) => void;
  /** The accessible name of the editing area (the form field's label). */
  ariaLabel: string;
  /** Offer the Markdown mode (on by default). */
  hasMarkdown?: boolean;
  placeholder?: string;
  /** Minimum height of the editing area in px. */
  minHeight?: number;
  /** Set by antd's Form.Item: the editor's root gets it. */
  id?: string;
  disabled?: boolean;
};
