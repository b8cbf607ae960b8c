import { i18n } from '../../../shared/i18n';
import { workbenchToolsEnUS } from './locales/en-US';
import { workbenchToolsZhCN } from './locales/zh-CN';

/** Registers the `workbenchTools` namespace; imported by the composer and the visitor panel. */
export const WORKBENCH_TOOLS_NS = 'workbenchTools';

i18n.addResourceBundle('en-US', WORKBENCH_TOOLS_NS, workbenchToolsEnUS, true, true);
i18n.addResourceBundle('zh-CN', WORKBENCH_TOOLS_NS, workbenchToolsZhCN, true, true);
