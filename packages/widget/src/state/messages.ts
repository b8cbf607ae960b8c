import type { Message } from '@openkefu/contract';

/** A message as the widget shows it: stored, or still on its way (optimistic, by localId). */
export type ShownMessage = Message & { pending?: 'sending' | 'failed'; error?: string };

/**
 * Merges incoming messages into the list: the stored copy replaces its optimistic twin (same
 * localId), a message seen twice (push and resync) appears once, a recalled copy replaces the
 * original, and stored messages stay in seq order with pending ones after them.
 */
export const mergeMessages = (current: ShownMessage[], incoming: ShownMessage[]): ShownMessage[] => {
  const byKey = new Map<string, ShownMessage>();
  const keyOf = (message: ShownMessage) => (message.mid ? `m:${message.mid}` : `l:${message.localId}`);
  for (const message of current) byKey.set(keyOf(message), message);
  for (const message of incoming) {
    if (message.mid && message.localId) byKey.delete(`l:${message.localId}`);
    // A late copy from another node must not undo a recall that arrived first.
    const held = byKey.get(keyOf(message));
    if (held?.status === 'recall' && message.status !== 'recall') continue;
    // A link's card arrives in a later push: a copy read before it (an ack, a resync) keeps it.
    const card = message.card ?? (message.status === 'recall' ? undefined : held?.card);
    byKey.set(keyOf(message), card ? { ...message, card } : message);
  }
  const all = [...byKey.values()];
  const stored = all.filter((message) => message.mid).sort((a, b) => a.seq - b.seq);
  const pending = all.filter((message) => !message.mid);
  return [...stored, ...pending];
};

/** The highest seq held without a gap: what a reconnecting client resyncs after. */
export const contiguousSeq = (messages: ShownMessage[], from = 0): number => {
  const seqs = new Set(messages.filter((message) => message.mid).map((message) => message.seq));
  let seq = from;
  while (seqs.has(seq + 1)) seq += 1;
  return seq;
};

/** The highest stored seq held (0 when none); pending messages have none yet. */
export const highestSeqOf = (messages: ShownMessage[]): number =>
  messages.reduce((max, message) => (message.mid && message.seq > max ? message.seq : max), 0);

export const isNotification = (message: Message) => message.type.startsWith('notification_');

/** Unique enough for one browser: the server only needs it unique per thread and sender. */
export const createLocalId = (): string =>
  `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
