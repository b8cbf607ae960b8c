import { i18n } from '../../shared/i18n';
import { workbenchEnUS } from './locales/en-US';
import { workbenchZhCN } from './locales/zh-CN';

/** Registers the `workbench` namespace; imported by the workbench, so it loads with the workbench's chunk. */
export const WORKBENCH_NS = 'workbench';

i18n.addResourceBundle('en-US', WORKBENCH_NS, workbenchEnUS, true, true);
i18n.addResourceBundle('zh-CN', WORKBENCH_NS, workbenchZhCN, true, true);

export { i18n };
