import { i18n } from '../../../shared/i18n';
import { statisticAnalysisEnUS } from './locales/en-US';
import { statisticAnalysisZhCN } from './locales/zh-CN';

/** The `statisticAnalysis` namespace: Statistics → online service; importing this module registers it. */
export const STATISTIC_ANALYSIS_NS = 'statisticAnalysis';

i18n.addResourceBundle('en-US', STATISTIC_ANALYSIS_NS, statisticAnalysisEnUS, true, true);
i18n.addResourceBundle('zh-CN', STATISTIC_ANALYSIS_NS, statisticAnalysisZhCN, true, true);
