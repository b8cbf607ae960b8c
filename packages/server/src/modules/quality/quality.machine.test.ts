import { qualityStatusValues } from '@openkefu/contract';
import { describe, expect, it } from 'vitest';
import { canAppeal, isQualityScored, nextQualityStatus } from './quality.machine.js';

describe('quality inspection machine', () => {
  it('scores a pending inspection and lets the checker rescore before an appeal', () => {
    expect(nextQualityStatus('pending', 'score')).toBe('scored');
    expect(nextQualityStatus('scored', 'score')).toBe('scored');
  });

  it('takes one appeal, from scored only', () => {
    expect(nextQualityStatus('scored', 'appeal')).toBe('appealed');
    for (const status of qualityStatusValues.filter((value) => value !== 'scored'))
      expect(nextQualityStatus(status, 'appeal')).toBeNull();
    expect(canAppeal('scored')).toBe(true);
    expect(canAppeal('accepted')).toBe(false);
    expect(canAppeal('rejected')).toBe(false);
  });

  it('decides an appeal once, by accepting or rejecting it', () => {
    expect(nextQualityStatus('appealed', 'accept')).toBe('accepted');
    expect(nextQualityStatus('appealed', 'reject')).toBe('rejected');
    for (const from of ['pending', 'scored', 'accepted', 'rejected'] as const) {
      expect(nextQualityStatus(from, 'accept')).toBeNull();
      expect(nextQualityStatus(from, 'reject')).toBeNull();
    }
  });

  it('freezes the score while appealed and after the decision', () => {
    for (const from of ['appealed', 'accepted', 'rejected'] as const)
      expect(nextQualityStatus(from, 'score')).toBeNull();
  });

  it('counts everything but pending as scored', () => {
    expect(qualityStatusValues.filter(isQualityScored)).toEqual([
      'scored',
      'appealed',
      'accepted',
      'rejected',
    ]);
  });
});
