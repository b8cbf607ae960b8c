import type { QualityStatus } from '@openkefu/contract';

/*
 * An inspection's lifecycle, in one place: pending → scored (by a checker; a checker may rescore
 * until the agent appeals) → appealed (by the agent, once) → accepted (rescored) | rejected. Every
 * status the repository writes comes from here; the update is conditional on the status it was
 * read in, so two people acting at once apply one transition and the other gets 409.
 */

export type QualityAction = 'score' | 'appeal' | 'accept' | 'reject';

const transitions: Record<QualityAction, Partial<Record<QualityStatus, QualityStatus>>> = {
  score: { pending: 'scored', scored: 'scored' },
  appeal: { scored: 'appealed' },
  accept: { appealed: 'accepted' },
  reject: { appealed: 'rejected' },
};

/** The status after `action`, or null when the action is not allowed from `from`. */
export const nextQualityStatus = (from: QualityStatus, action: QualityAction): QualityStatus | null =>
  transitions[action][from] ?? null;

/** Scored in any way: what results and statistics count. */
export const isQualityScored = (status: QualityStatus): boolean => status !== 'pending';

export const scoredQualityStatuses: QualityStatus[] = ['scored', 'appealed', 'accepted', 'rejected'];

/** Only one appeal per inspection: once appealed, the status never returns to `scored`. */
export const canAppeal = (status: QualityStatus): boolean => nextQualityStatus(status, 'appeal') !== null;
