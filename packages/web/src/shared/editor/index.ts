import './i18n';

export { RichTextEditor, preloadRichTextEditor } from './RichTextEditor';
export { EMPTY_RICH_TEXT, type RichTextEditorProps, type RichTextValue } from './types';
