import { i18n } from '../../../shared/i18n';
import { robotEnUS } from './locales/en-US';
import { robotZhCN } from './locales/zh-CN';

/** The `robot` namespace of the robot section's pages; imported by each page, so it loads with them. */
export const ROBOT_NS = 'robot';

i18n.addResourceBundle('en-US', ROBOT_NS, robotEnUS, true, true);
i18n.addResourceBundle('zh-CN', ROBOT_NS, robotZhCN, true, true);
