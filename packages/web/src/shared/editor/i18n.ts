import { i18n } from '../i18n';
import { editorEnUS } from './locales/en-US';
import { editorZhCN } from './locales/zh-CN';

/** The rich-text editor's namespace; importing this module registers it. */
export const EDITOR_NS = 'editor';

i18n.addResourceBundle('en-US', EDITOR_NS, editorEnUS, true, true);
i18n.addResourceBundle('zh-CN', EDITOR_NS, editorZhCN, true, true);
