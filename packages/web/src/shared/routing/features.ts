import type { PublicConfig } from '@openkefu/contract';

/**
 * Spec §1 feature switches → the menu entries they remove. Switched-off entries are neither listed
 * nor routable (404), like debug-only entries in production.
 */
export const disabledMenuNames = (features: PublicConfig['features'] | undefined): Set<string> => {
  const names = new Set<string>();
  if (!features) return names;
  if (!features.statistic) names.add('statictic');
  if (!features.qualityCheck) names.add('quality');
  if (!features.feedback) names.add('feedback');
  if (!features.monitor) {
    names.add('kefu.monitor');
    names.add('dashboard.monitor');
  }
  if (!features.historyMessage) names.add('kefu.message');
  if (!features.support) names.add('kb.list');
  return names;
};
