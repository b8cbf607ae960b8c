import { i18n } from '../../../shared/i18n';
import { robotInsightEnUS } from './locales/en-US';
import { robotInsightZhCN } from './locales/zh-CN';

/** The `robotInsight` namespace: the robot's history, training, statistics and large-model pages. */
export const ROBOT_INSIGHT_NS = 'robotInsight';

i18n.addResourceBundle('en-US', ROBOT_INSIGHT_NS, robotInsightEnUS, true, true);
i18n.addResourceBundle('zh-CN', ROBOT_INSIGHT_NS, robotInsightZhCN, true, true);
