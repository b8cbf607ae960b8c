import { WORKBENCH_NS, i18n } from '../i18n';
import { callEnUS } from './locales/en-US';
import { callZhCN } from './locales/zh-CN';

// Merged into the workbench namespace under `call`, from this folder's own files.
i18n.addResourceBundle('en-US', WORKBENCH_NS, { call: callEnUS }, true, true);
i18n.addResourceBundle('zh-CN', WORKBENCH_NS, { call: callZhCN }, true, true);

export { WORKBENCH_NS };
