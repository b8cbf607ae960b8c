import type { Message } from '@openkefu/contract';
import { describe, expect, it } from 'vitest';
import { contiguousSeq, mergeMessages, type ShownMessage } from './messages.js';

const message = (seq: number, overrides: Partial<ShownMessage> = {}): ShownMessage => ({
  mid: `m${seq}`,
  tid: 't1',
  seq,
  type: 'text',
  content: `message ${seq}`,
  imageUrl: '',
  thumbUrl: '',
  fileUrl: '',
  fileName: '',
  fileSize: 0,
  status: 'stored',
  client: 'web',
  localId: `l${seq}`,
  sender: { kind: 'visitor', id: 'v', nickname: 'V', avatar: '' },
  createdAt: seq,
  ...overrides,
});

describe('mergeMessages', () => {
  it('replaces the optimistic copy with the stored one (same localId)', () => {
    const optimistic = message(0, { mid: '', localId: 'x', pending: 'sending' });
    const merged = mergeMessages([message(1), optimistic], [message(2, { localId: 'x' })]);
    expect(merged.map((item) => [item.mid, item.pending])).toEqual([
      ['m1', undefined],
      ['m2', undefined],
    ]);
  });

  it('shows a message pushed and resynced once, in seq order, pending ones last', () => {
    const pending = message(0, { mid: '', localId: 'p', pending: 'sending' });
    const merged = mergeMessages([message(3), pending], [message(1), message(3), message(2)]);
    expect(merged.map((item) => item.mid || item.localId)).toEqual(['m1', 'm2', 'm3', 'p']);
  });

  it('replaces a message by its recalled copy', () => {
    const merged = mergeMessages([message(1)], [message(1, { status: 'recall', content: '' }) as Message]);
    expect(merged).toHaveLength(1);
    expect(merged[0]?.status).toBe('recall');
  });
});

describe('contiguousSeq', () => {
  it('is the last seq held without a gap, not the highest seen', () => {
    expect(contiguousSeq([message(1), message(2), message(4)])).toBe(2);
    expect(contiguousSeq([])).toBe(0);
    expect(contiguousSeq([message(2)])).toBe(0);
  });
});
