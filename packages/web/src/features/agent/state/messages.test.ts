import { describe, expect, it } from 'vitest';
import { makeAgentMessage, makeMessage } from '../testing/fixtures';
import {
  applyReceipt,
  conversationReducer,
  firstSeqOf,
  gapOf,
  gapToSyncOf,
  initialConversation,
  lastSeqOf,
  mergeMessages,
  mergeStatus,
  resyncSeqOf,
  type ChatMessage,
  type ConversationState,
} from './messages';

const optimistic = (localId: string, content: string, createdAt = 1_000): ChatMessage => ({
  ...makeAgentMessage({ mid: `local-${localId}`, seq: 0, localId, content, status: 'sending', createdAt }),
});

const seqs = (log: ChatMessage[]) => log.map((message) => message.seq);

describe('mergeMessages', () => {
  it('replaces the optimistic copy with the acknowledged message, matched by localId', () => {
    const log = [makeMessage({ seq: 1 }), optimistic('L1', 'Hi there')];
    const ack = makeAgentMessage({
      mid: 'm-2',
      seq: 2,
      localId: 'L1',
      content: 'Hi there',
      status: 'stored',
    });

    const merged = mergeMessages(log, [ack]);

    expect(merged).toHaveLength(2);
    expect(merged[1]).toMatchObject({ mid: 'm-2', seq: 2, status: 'stored', localId: 'L1' });
  });

  it('keeps one copy when the push and the ack of the same message both arrive', () => {
    const log = [optimistic('L1', 'Hi')];
    const stored = makeAgentMessage({ mid: 'm-5', seq: 5, localId: 'L1', content: 'Hi' });

    const merged = mergeMessages(mergeMessages(log, [stored]), [stored]);

    expect(merged).toHaveLength(1);
    expect(merged[0].mid).toBe('m-5');
  });

  it('deduplicates by seq and keeps the log in seq order whatever the arrival order', () => {
    const log = [makeMessage({ seq: 3 }), makeMessage({ seq: 1 })];

    const merged = mergeMessages(log, [
      makeMessage({ seq: 2 }),
      makeMessage({ seq: 3 }),
      makeMessage({ seq: 1 }),
    ]);

    expect(seqs(merged)).toEqual([1, 2, 3]);
  });

  it('keeps messages still sending after every stored one, oldest first', () => {
    const log = [optimistic('L2', 'second', 2_000), optimistic('L1', 'first', 1_000)];

    const merged = mergeMessages(log, [makeMessage({ seq: 7 })]);

    expect(merged.map((message) => message.content)).toEqual(['Hello', 'first', 'second']);
  });

  it('merges a resync page into a log with a gap, without losing what was there', () => {
    const log = [1, 2, 3].map((seq) => makeMessage({ seq }));
    const resync = [3, 4, 5, 6].map((seq) => makeMessage({ seq }));

    const merged = mergeMessages(log, resync);

    expect(seqs(merged)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(lastSeqOf(merged)).toBe(6);
    expect(firstSeqOf(merged)).toBe(1);
  });

  it('never moves a delivery status backwards, but a recall always applies', () => {
    const read = makeAgentMessage({ seq: 4, status: 'read' });

    expect(mergeMessages([read], [{ ...read, status: 'stored' }])[0].status).toBe('read');
    expect(mergeMessages([read], [{ ...read, status: 'recall' }])[0].status).toBe('recall');
    expect(mergeStatus('sending', 'stored')).toBe('stored');
  });
});

describe("delivery to the visitor's channel", () => {
  const pending = makeAgentMessage({ mid: 'm-5', seq: 5, delivery: { state: 'pending', error: '' } });
  const deliveryOf = (log: ChatMessage[]) => log.map((message) => message.delivery);

  it('takes each pushed copy of the same mid: pending, retrying with the last failure, then the outcome', () => {
    const retrying = { ...pending, delivery: { state: 'pending' as const, error: 'HTTP 500' } };
    const sent = { ...pending, delivery: { state: 'sent' as const, error: '' } };

    const log = mergeMessages([pending], [retrying]);
    expect(deliveryOf(log)).toEqual([{ state: 'pending', error: 'HTTP 500' }]);
    expect(deliveryOf(mergeMessages(log, [sent]))).toEqual([{ state: 'sent', error: '' }]);
    expect(
      deliveryOf(mergeMessages(log, [{ ...pending, delivery: { state: 'failed', error: 'disabled' } }])),
    ).toEqual([{ state: 'failed', error: 'disabled' }]);
  });

  it('keeps what a push told when an older copy (the ack, a history page) arrives after it', () => {
    const failed = { ...pending, delivery: { state: 'failed' as const, error: 'window_closed:24' } };
    const { delivery: _none, ...ack } = pending;

    expect(deliveryOf(mergeMessages([failed], [pending]))).toEqual([failed.delivery]);
    expect(deliveryOf(mergeMessages([failed], [ack]))).toEqual([failed.delivery]);
    expect(deliveryOf(mergeMessages([pending], [ack]))).toEqual([pending.delivery]);
    expect(mergeMessages([ack], [ack])[0]).not.toHaveProperty('delivery');
  });

  it('takes the new attempt after the agent asked to try a failed delivery again, and only then', () => {
    const failed = { ...pending, delivery: { state: 'failed' as const, error: 'HTTP 503' } };
    const { delivery: _none, ...answer } = pending;
    const ready: ConversationState = {
      ...initialConversation,
      tid: 't-1',
      phase: 'ready',
      messages: [failed],
    };
    const asked = conversationReducer(ready, { type: 'redelivering', tid: 't-1', mid: 'm-5', isAsked: true });
    expect(asked.messages[0]?.isRedelivering).toBe(true);

    // A copy without the delivery (the server's answer, a history page read meanwhile) changes nothing.
    const waiting = conversationReducer(asked, { type: 'merge', tid: 't-1', messages: [answer] });
    expect(waiting.messages[0]).toMatchObject({ delivery: failed.delivery, isRedelivering: true });

    const retried = conversationReducer(waiting, { type: 'merge', tid: 't-1', messages: [pending] });
    expect(retried.messages[0]?.delivery).toEqual(pending.delivery);
    expect(retried.messages[0]?.isRedelivering).toBeUndefined();

    // Refused: the failure stands and an older pending copy is kept out again.
    const refused = conversationReducer(asked, {
      type: 'redelivering',
      tid: 't-1',
      mid: 'm-5',
      isAsked: false,
    });
    expect(refused.messages[0]?.isRedelivering).toBeUndefined();
    expect(
      conversationReducer(refused, { type: 'merge', tid: 't-1', messages: [pending] }).messages[0]?.delivery,
    ).toEqual(failed.delivery);
  });
});

describe('applyReceipt', () => {
  it("marks the agents' messages up to the visitor's receipt seq, and nothing after it", () => {
    const log = [
      makeAgentMessage({ seq: 1 }),
      makeMessage({ seq: 2 }),
      makeAgentMessage({ seq: 3 }),
      makeAgentMessage({ seq: 4 }),
    ];

    const marked = applyReceipt(log, { seq: 3, status: 'read', by: 'visitor' });

    expect(marked.map((message) => message.status)).toEqual(['read', 'stored', 'read', 'stored']);
  });
});

describe('conversationReducer', () => {
  const open = (tid: string): ConversationState =>
    conversationReducer(initialConversation, { type: 'open', tid });

  it('keeps pushes that arrived while the first page was loading', () => {
    let state = open('t-1');
    state = conversationReducer(state, { type: 'merge', tid: 't-1', messages: [makeMessage({ seq: 9 })] });
    state = conversationReducer(state, {
      type: 'loaded',
      tid: 't-1',
      history: { messages: [7, 8].map((seq) => makeMessage({ seq })), hasMore: true },
    });

    expect(seqs(state.messages)).toEqual([7, 8, 9]);
    expect(state).toMatchObject({ phase: 'ready', hasMore: true });
  });

  it('drops answers that belong to a conversation no longer open', () => {
    const state = conversationReducer(open('t-2'), {
      type: 'loaded',
      tid: 't-1',
      history: { messages: [makeMessage({ seq: 1 })], hasMore: false },
    });

    expect(state.messages).toEqual([]);
    expect(state.phase).toBe('loading');
  });

  it('puts older pages above and records whether more exist', () => {
    let state = conversationReducer(open('t-1'), {
      type: 'loaded',
      tid: 't-1',
      history: { messages: [31, 32].map((seq) => makeMessage({ seq })), hasMore: true },
    });
    state = conversationReducer(state, { type: 'loadingOlder', tid: 't-1' });
    state = conversationReducer(state, {
      type: 'older',
      tid: 't-1',
      history: { messages: [29, 30].map((seq) => makeMessage({ seq })), hasMore: false },
    });

    expect(seqs(state.messages)).toEqual([29, 30, 31, 32]);
    expect(state).toMatchObject({ hasMore: false, isLoadingOlder: false });
  });

  it('marks a failed send, and a resend puts it back to sending', () => {
    let state = conversationReducer(open('t-1'), {
      type: 'pending',
      tid: 't-1',
      message: optimistic('L1', 'Hi'),
    });
    state = conversationReducer(state, {
      type: 'failed',
      tid: 't-1',
      localId: 'L1',
      error: 'Too many messages',
    });
    expect(state.messages[0]).toMatchObject({ status: 'error', error: 'Too many messages' });

    state = conversationReducer(state, { type: 'retrying', tid: 't-1', localId: 'L1' });
    expect(state.messages[0]).toMatchObject({ status: 'sending', error: undefined });
  });

  it("clears the visitor's typing indicator when the visitor's message arrives", () => {
    let state = conversationReducer(open('t-1'), { type: 'typing', tid: 't-1', preview: 'Do you', at: 1 });
    expect(state.typing).toEqual({ preview: 'Do you', at: 1 });

    state = conversationReducer(state, { type: 'merge', tid: 't-1', messages: [makeMessage({ seq: 3 })] });
    expect(state.typing).toBeNull();
  });
});

describe('resyncSeqOf', () => {
  it('resyncs after the last seq held without a gap, not the highest seen', () => {
    const at = (seq: number) => ({ seq }) as Parameters<typeof resyncSeqOf>[0][number];
    expect(resyncSeqOf([at(40), at(41), at(43)])).toBe(41);
    expect(resyncSeqOf([at(7)])).toBe(7);
    expect(resyncSeqOf([])).toBe(0);
  });
});

describe('live arrival (pushes from two server nodes)', () => {
  const ready = (messages: ChatMessage[] = []): ConversationState =>
    conversationReducer(conversationReducer(initialConversation, { type: 'open', tid: 't-1' }), {
      type: 'loaded',
      tid: 't-1',
      history: { messages, hasMore: false },
    });
  const push = (state: ConversationState, ...messages: ChatMessage[]) =>
    conversationReducer(state, { type: 'merge', tid: 't-1', messages });

  it('shows messages in seq order whatever order the pushes arrive in', () => {
    let state = ready([makeMessage({ seq: 1 })]);
    state = push(state, makeAgentMessage({ seq: 4, content: 'four' }));
    state = push(state, makeMessage({ seq: 3, content: 'three' }));
    state = push(state, makeAgentMessage({ seq: 2, content: 'two' }));

    expect(seqs(state.messages)).toEqual([1, 2, 3, 4]);
    expect(state.messages.map((message) => message.content)).toEqual(['Hello', 'two', 'three', 'four']);
  });

  it('drops a message delivered twice (the same mid from a resend or both nodes)', () => {
    const twice = makeMessage({ mid: 'm-dup', seq: 2, content: 'once' });
    let state = ready([makeMessage({ seq: 1 })]);
    state = push(state, twice);
    state = push(state, twice, { ...twice });

    expect(state.messages.filter((message) => message.mid === 'm-dup')).toHaveLength(1);
    expect(seqs(state.messages)).toEqual([1, 2]);
  });

  it('orders notices by seq with the messages, not by arrival', () => {
    const system = { kind: 'system' as const, id: '', nickname: '', avatar: '' };
    let state = ready([makeMessage({ seq: 1 })]);
    state = push(state, makeMessage({ seq: 3, type: 'notification_agent_close', sender: system }));
    state = push(
      state,
      makeMessage({ seq: 2, type: 'notification_rate_result', content: '5', sender: system }),
    );

    expect(state.messages.map((message) => message.type)).toEqual([
      'text',
      'notification_rate_result',
      'notification_agent_close',
    ]);
  });

  it('asks once for the messages of a gap that stays open, from the last seq held without one', () => {
    let state = ready([1, 2].map((seq) => makeMessage({ seq })));
    expect(gapToSyncOf(state)).toBeNull();

    state = push(state, makeMessage({ seq: 5 }));
    expect(gapOf(state.messages)).toBe(2);
    expect(gapToSyncOf(state)).toBe(2);

    state = conversationReducer(state, { type: 'gapAsked', tid: 't-1', afterSeq: 2 });
    // The server had nothing to fill it with: the same gap is not asked again.
    expect(gapToSyncOf(state)).toBeNull();
    expect(gapToSyncOf(push(state, makeMessage({ seq: 6 })))).toBeNull();

    // Partly filled: what is still missing is a new gap, asked for from further on.
    state = push(state, makeMessage({ seq: 3 }));
    expect(gapToSyncOf(state)).toBe(3);
    state = push(state, makeMessage({ seq: 4 }));
    expect(gapToSyncOf(state)).toBeNull();
    expect(seqs(state.messages)).toEqual([1, 2, 3, 4, 5]);
  });

  it('waits for the first page before looking for gaps, and ignores messages still sending', () => {
    let state = conversationReducer(initialConversation, { type: 'open', tid: 't-1' });
    state = push(state, makeMessage({ seq: 9 }), makeMessage({ seq: 7 }));
    expect(gapToSyncOf(state)).toBeNull();

    state = conversationReducer(state, {
      type: 'loaded',
      tid: 't-1',
      history: { messages: [7, 8].map((seq) => makeMessage({ seq })), hasMore: true },
    });
    state = conversationReducer(state, { type: 'pending', tid: 't-1', message: optimistic('L1', 'Hi') });
    expect(gapToSyncOf(state)).toBeNull();
  });
});

describe("the visitor's receipts on the agent's messages", () => {
  it('moves sent → delivered → read, and never back', () => {
    let state = conversationReducer(initialConversation, { type: 'open', tid: 't-1' });
    state = conversationReducer(state, {
      type: 'loaded',
      tid: 't-1',
      history: { messages: [makeMessage({ seq: 1 }), makeAgentMessage({ seq: 2 })], hasMore: false },
    });
    const agentStatus = () => state.messages.find((message) => message.seq === 2)?.status;
    expect(agentStatus()).toBe('stored');

    state = conversationReducer(state, {
      type: 'receipt',
      tid: 't-1',
      seq: 2,
      status: 'received',
      by: 'visitor',
    });
    expect(agentStatus()).toBe('received');
    state = conversationReducer(state, {
      type: 'receipt',
      tid: 't-1',
      seq: 2,
      status: 'read',
      by: 'visitor',
    });
    expect(agentStatus()).toBe('read');
    state = conversationReducer(state, {
      type: 'receipt',
      tid: 't-1',
      seq: 2,
      status: 'received',
      by: 'visitor',
    });
    expect(agentStatus()).toBe('read');
    // The visitor's own message is not marked by the visitor's receipt.
    expect(state.messages[0].status).toBe('stored');
  });

  it('applies a receipt that came before the ack of the message it covers', () => {
    let state = conversationReducer(initialConversation, { type: 'open', tid: 't-1' });
    state = conversationReducer(state, {
      type: 'loaded',
      tid: 't-1',
      history: { messages: [], hasMore: false },
    });
    state = conversationReducer(state, { type: 'pending', tid: 't-1', message: optimistic('L1', 'Hi') });
    state = conversationReducer(state, {
      type: 'receipt',
      tid: 't-1',
      seq: 3,
      status: 'read',
      by: 'visitor',
    });
    expect(state.messages[0].status).toBe('sending');

    state = conversationReducer(state, {
      type: 'merge',
      tid: 't-1',
      messages: [makeAgentMessage({ mid: 'm-3', seq: 3, localId: 'L1', content: 'Hi', status: 'stored' })],
    });
    expect(state.messages).toHaveLength(1);
    expect(state.messages[0]).toMatchObject({ mid: 'm-3', status: 'read' });

    // A later message is beyond the receipt: sent only.
    state = conversationReducer(state, {
      type: 'merge',
      tid: 't-1',
      messages: [makeAgentMessage({ seq: 4 })],
    });
    expect(state.messages[1].status).toBe('stored');
  });
});
