import type { Message, Thread, ThreadRequestResult } from '@openkefu/contract';
import { describe, expect, it } from 'vitest';
import {
  chatReducer,
  contiguousSeqOf,
  initialChat,
  receiptToSendOf,
  resyncAfterOf,
  robotRatingOf,
  timelineOf,
  type ChatAction,
  type ChatState,
} from './chat.js';

const thread = (overrides: Partial<Thread> = {}): Thread =>
  ({
    tid: 't1',
    status: 'chatting',
    seq: 0,
    cycle: 1,
    rated: false,
    queuePosition: null,
    agent: null,
    ...overrides,
  }) as Thread;

const message = (seq: number, overrides: Partial<Message> = {}): Message => ({
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
  localId: '',
  sender: { kind: 'agent', id: 'a1', nickname: 'Ann', avatar: '' },
  createdAt: 1_000 + seq,
  ...overrides,
});

const fromVisitor = (seq: number): Message =>
  message(seq, { localId: `l${seq}`, sender: { kind: 'visitor', id: 'v1', nickname: '', avatar: '' } });

const notice = (seq: number, type: Message['type']): Message =>
  message(seq, { type, content: '', sender: { kind: 'system', id: '', nickname: '', avatar: '' } });

const result = (overrides: Partial<ThreadRequestResult> = {}): ThreadRequestResult => ({
  code: 200,
  tip: '',
  thread: thread(),
  settings: null,
  ...overrides,
});

const run = (actions: ChatAction[], state: ChatState = initialChat): ChatState =>
  actions.reduce(chatReducer, state);

/** A connected chat on thread t1 whose first page held `history`. */
const chatting = (history: Message[] = [], threadSeq = history.at(-1)?.seq ?? 0): ChatState =>
  run([
    { type: 'connection', isConnected: true, isReconnect: false },
    { type: 'requested', result: result({ thread: thread({ seq: threadSeq }) }) },
    { type: 'history', tid: 't1', history: { messages: history, hasMore: false } },
  ]);

const push = (...messages: Message[]): ChatAction => ({ type: 'messages', messages });

const shownSeqs = (state: ChatState) =>
  timelineOf(state).map((item) => (item.kind === 'message' ? item.message.seq : `notice:${item.key}`));

describe('chat state: order and duplicates', () => {
  it('shows live messages in seq order whatever order they arrive in', () => {
    const state = run(
      [push(message(3)), push(message(1)), push(fromVisitor(4)), push(message(2))],
      chatting(),
    );
    expect(shownSeqs(state)).toEqual([1, 2, 3, 4]);
  });

  it('shows a message once when the push, the ack and a resync all bring it', () => {
    const state = run(
      [
        push(message(1)),
        push(message(2)),
        push(message(1)),
        { type: 'syncStarted', tid: 't1', afterSeq: 0 },
        {
          type: 'synced',
          tid: 't1',
          afterSeq: 0,
          history: { messages: [message(1), message(2)], hasMore: false },
        },
      ],
      chatting(),
    );
    expect(shownSeqs(state)).toEqual([1, 2]);
  });

  it('drops messages of another thread (a push for an earlier conversation)', () => {
    const state = run([push(message(1, { tid: 'other' }))], chatting());
    expect(state.messages).toEqual([]);
  });

  it('keeps messages still sending after every stored one', () => {
    const sending = {
      ...fromVisitor(0),
      mid: '',
      seq: Number.MAX_SAFE_INTEGER,
      localId: 'x',
      pending: 'sending' as const,
    };
    const state = run([push(sending), push(message(2)), push(message(1))], chatting());
    expect(timelineOf(state).map((item) => item.key)).toEqual(['m1', 'm2', 'l:x']);
  });
});

describe('chat state: gaps in seq', () => {
  it('asks for the missing messages after the last seq held without a gap', () => {
    const state = run([push(message(3)), push(message(5))], chatting([message(1), message(2)]));
    expect(contiguousSeqOf(state)).toBe(3);
    expect(resyncAfterOf(state)).toBe(3);
  });

  it('asks nothing once the late push fills the gap', () => {
    const state = run([push(message(3)), push(message(2))], chatting([message(1)]));
    expect(resyncAfterOf(state)).toBeNull();
  });

  it('asks once: nothing more while the resync is in flight, nothing after it filled the gap', () => {
    const withGap = run([push(message(4))], chatting([message(1)]));
    const asking = run([{ type: 'syncStarted', tid: 't1', afterSeq: 1 }], withGap);
    expect(resyncAfterOf(asking)).toBeNull();
    const filled = run(
      [
        {
          type: 'synced',
          tid: 't1',
          afterSeq: 1,
          history: { messages: [message(2), message(3), message(4)], hasMore: false },
        },
      ],
      asking,
    );
    expect(shownSeqs(filled)).toEqual([1, 2, 3, 4]);
    expect(resyncAfterOf(filled)).toBeNull();
  });

  it('does not ask forever for a seq the server has nothing for', () => {
    // The server's complete answer covers everything known when it was asked.
    const state = run(
      [
        push(message(4)),
        { type: 'syncStarted', tid: 't1', afterSeq: 1 },
        {
          type: 'synced',
          tid: 't1',
          afterSeq: 1,
          history: { messages: [message(3), message(4)], hasMore: false },
        },
      ],
      chatting([message(1)]),
    );
    expect(resyncAfterOf(state)).toBeNull();
    expect(contiguousSeqOf(state)).toBe(4);
  });

  it('keeps the messages of a late answer to an earlier resync, but not its word on what exists', () => {
    const state = run(
      [
        push(message(6)),
        { type: 'syncStarted', tid: 't1', afterSeq: 1 },
        { type: 'connection', isConnected: false, isReconnect: true },
        { type: 'connection', isConnected: true, isReconnect: true },
        { type: 'syncStarted', tid: 't1', afterSeq: 1 },
        push(message(9)),
        // The first ask's answer arrives late; the second ask, made knowing seq 9, is still open.
        { type: 'synced', tid: 't1', afterSeq: 0, history: { messages: [message(2)], hasMore: false } },
      ],
      chatting([message(1)]),
    );
    expect(shownSeqs(state)).toEqual([1, 2, 6, 9]);
    expect(state.syncing).toEqual({ afterSeq: 1, knownSeq: 6 });
    expect(contiguousSeqOf(state)).toBe(2);
  });

  it('keeps asking while the server says there is more', () => {
    const state = run(
      [
        push(message(300)),
        { type: 'syncStarted', tid: 't1', afterSeq: 1 },
        {
          type: 'synced',
          tid: 't1',
          afterSeq: 1,
          history: { messages: [message(2), message(3)], hasMore: true },
        },
      ],
      chatting([message(1)]),
    );
    expect(resyncAfterOf(state)).toBe(3);
  });

  it('asks when the thread says a message exists that never arrived (its node died before fan-out)', () => {
    const state = run([{ type: 'thread', thread: thread({ seq: 3 }) }], chatting([message(1), message(2)]));
    expect(resyncAfterOf(state)).toBe(2);
  });

  it('catches up after a reconnect even without a known gap, and not while offline', () => {
    const base = chatting([message(1)]);
    const offline = run(
      [{ type: 'connection', isConnected: false, isReconnect: true }, push(message(3))],
      base,
    );
    expect(resyncAfterOf(offline)).toBeNull();
    const back = run([{ type: 'connection', isConnected: true, isReconnect: true }], base);
    expect(resyncAfterOf(back)).toBe(1);
    expect(resyncAfterOf(run([{ type: 'syncStarted', tid: 't1', afterSeq: 1 }], back))).toBeNull();
  });

  it('catches up when the first connection comes only after the log was loaded', () => {
    const loaded = run([
      { type: 'requested', result: result({ thread: thread({ seq: 1 }) }) },
      { type: 'history', tid: 't1', history: { messages: [message(1)], hasMore: false } },
    ]);
    expect(resyncAfterOf(loaded)).toBeNull();
    expect(resyncAfterOf(run([{ type: 'connection', isConnected: true, isReconnect: false }], loaded))).toBe(
      1,
    );
  });

  it('counts contiguity from the page it loaded, not from seq 1', () => {
    const state = chatting([message(41), message(42)]);
    expect(contiguousSeqOf(state)).toBe(42);
    expect(resyncAfterOf(run([push(message(43))], state))).toBeNull();
  });
});

describe('chat state: notices in time order', () => {
  it('places the thanks for a rating where the rating happened, not after later notices', () => {
    const state = run(
      [
        push(notice(3, 'notification_invite_rate')),
        { type: 'rated', at: 1 },
        // The close arrives before the rating's own notification (two nodes).
        push(notice(5, 'notification_agent_close')),
        push(notice(4, 'notification_rate_result')),
      ],
      chatting([message(1), message(2)]),
    );
    expect(shownSeqs(state)).toEqual([1, 2, 3, 'notice:n:rated:1', 4, 5]);
    expect(state.hasRated).toBe(true);
  });

  it('places the tip of a reopened conversation after what the thread held', () => {
    const first = run([
      { type: 'requested', result: result({ tip: 'Welcome!' }) },
      { type: 'history', tid: 't1', history: { messages: [], hasMore: false } },
      push(message(1), notice(2, 'notification_agent_close')),
    ]);
    const again = run(
      [
        {
          type: 'requested',
          result: result({ code: 201, tip: 'Welcome back', thread: thread({ seq: 2, cycle: 2 }) }),
        },
        {
          type: 'history',
          tid: 't1',
          history: { messages: [message(1), notice(2, 'notification_agent_close')], hasMore: false },
        },
      ],
      first,
    );
    const texts = timelineOf(again).map((item) =>
      item.kind === 'notice' ? item.notice.text : item.message.seq,
    );
    expect(texts).toEqual(['Welcome!', 1, 2, 'Welcome back']);
  });
});

describe('chat state: receipts for the agent', () => {
  it('reports received while the page is hidden and read once it is visible, never backwards', () => {
    const state = run([push(message(1)), push(fromVisitor(2)), push(message(3))], chatting());
    expect(receiptToSendOf(state, false)).toEqual({ tid: 't1', seq: 3, status: 'received' });
    const received = run([{ type: 'reported', tid: 't1', seq: 3, status: 'received' }], state);
    expect(receiptToSendOf(received, false)).toBeNull();
    expect(receiptToSendOf(received, true)).toEqual({ tid: 't1', seq: 3, status: 'read' });
    const read = run([{ type: 'reported', tid: 't1', seq: 3, status: 'read' }], received);
    expect(receiptToSendOf(read, true)).toBeNull();
  });

  it('reports only up to the last seq held without a gap, and not for the visitor alone', () => {
    const state = run([push(message(1)), push(message(3))], chatting());
    expect(receiptToSendOf(state, true)).toEqual({ tid: 't1', seq: 1, status: 'read' });
    expect(receiptToSendOf(run([push(fromVisitor(1))], chatting()), true)).toBeNull();
  });

  it("marks the visitor's messages read up to the agent's read receipt", () => {
    const state = run(
      [
        { type: 'receipt', tid: 't1', seq: 4, status: 'read' },
        { type: 'receipt', tid: 't1', seq: 2, status: 'read' },
        { type: 'receipt', tid: 't1', seq: 9, status: 'received' },
      ],
      chatting(),
    );
    expect(state.agentReadSeq).toBe(4);
  });
});

describe('chat state: rating and close', () => {
  it('asks for a rating when the agent invites one, and when a forceRate group closes', () => {
    const invited = run([push(notice(1, 'notification_invite_rate'))], chatting());
    expect(invited.isRating).toBe(true);
    const forced = run([
      {
        type: 'requested',
        result: result({ settings: { forceRate: true } as ThreadRequestResult['settings'] }),
      },
      { type: 'thread', thread: thread({ status: 'closed' }) },
    ]);
    expect(forced.isRating).toBe(true);
    const rated = run(
      [
        { type: 'rated', at: 1 },
        { type: 'thread', thread: thread({ status: 'closed' }) },
      ],
      chatting(),
    );
    expect(rated.isRating).toBe(false);
  });

  it('maps the thread request answers to screens', () => {
    expect(run([{ type: 'requested', result: result({ code: -2, thread: null }) }]).phase.kind).toBe(
      'unknown',
    );
    expect(run([{ type: 'requested', result: result({ code: -3, thread: null }) }]).phase.kind).toBe(
      'blocked',
    );
    expect(
      run([{ type: 'requested', result: result({ code: 204, tip: 'Away', thread: null }) }]).phase,
    ).toEqual({
      kind: 'leave',
      tip: 'Away',
    });
  });
});

describe('chat state: the robot', () => {
  const robotSender = { kind: 'robot' as const, id: 'r1', nickname: 'Robo', avatar: '' };
  const answer = (seq: number, rating: 'helpful' | 'useless' | null = null): Message =>
    message(seq, {
      type: 'robot',
      sender: robotSender,
      content: JSON.stringify({
        kind: 'answer',
        question: 'refund?',
        source: 'faq',
        aid: 'f1',
        title: 'How do I get a refund?',
        answer: '<p>7 days</p>',
        url: '',
        related: [],
        rating,
      }),
    });
  const settings = {
    offlineTip: 'We are offline',
    nonWorkingTimeTip: 'Back at nine',
  } as ThreadRequestResult['settings'];
  /** A robot conversation (206) whose log holds the welcome. */
  const withRobot = (history: Message[] = [message(1, { type: 'robot', sender: robotSender })]) =>
    run([
      { type: 'connection', isConnected: true, isReconnect: false },
      {
        type: 'requested',
        result: result({
          code: 206,
          tip: 'Hi, I am Robo',
          thread: thread({ status: 'robot', type: 'robot', seq: history.length }),
          settings,
        }),
      },
      { type: 'history', tid: 't1', history: { messages: history, hasMore: false } },
    ]);

  it('shows a 206 conversation with the welcome as its first message, not a second time as a tip', () => {
    const state = withRobot();
    expect(state.phase.kind).toBe('chat');
    expect(state.thread?.status).toBe('robot');
    expect(state.notices).toEqual([]);
    expect(shownSeqs(state)).toEqual([1]);
    // Continuing it later (201) still says the group's tip, like any open chat.
    const again = run(
      [
        {
          type: 'requested',
          result: result({ code: 201, tip: 'Welcome back', thread: thread({ status: 'robot', seq: 1 }) }),
        },
      ],
      state,
    );
    expect(again.notices.map((item) => item.text)).toEqual(['Welcome back']);
  });

  it('shows a "did this help?" choice at once, offers it again when sending failed, and lets the stored rating win', () => {
    const state = withRobot([message(1, { type: 'robot', sender: robotSender }), answer(2)]);
    expect(robotRatingOf(state, 'm2', null)).toEqual({ rating: null, error: '' });
    const chosen = run([{ type: 'robotRate', mid: 'm2', rating: 'useless' }], state);
    expect(robotRatingOf(chosen, 'm2', null)).toEqual({ rating: 'useless', error: '' });
    const failed = run([{ type: 'robotRateFailed', mid: 'm2', reason: 'network error' }], chosen);
    expect(robotRatingOf(failed, 'm2', null)).toEqual({ rating: null, error: 'network error' });
    expect(robotRatingOf(failed, 'm2', 'helpful')).toEqual({ rating: 'helpful', error: '' });
    // A failure for an answer never chosen here changes nothing.
    expect(run([{ type: 'robotRateFailed', mid: 'm9', reason: 'x' }], state)).toBe(state);
  });

  it('replaces an answer by its rated copy without ending "typing"; a new answer ends it', () => {
    const state = withRobot([message(1, { type: 'robot', sender: robotSender }), answer(2)]);
    const typing = run([{ type: 'typing', tid: 't1', isTyping: true }], state);
    const rated = run([push(answer(2, 'helpful'))], typing);
    expect(rated.isAgentTyping).toBe(true);
    expect(rated.messages).toHaveLength(2);
    expect(JSON.parse(rated.messages[1]?.content ?? '')).toMatchObject({ rating: 'helpful' });
    expect(run([push(answer(3))], rated).isAgentTyping).toBe(false);
  });

  it('keeps the log when "Talk to a person" queues the chat, and shows the leave form when nobody can take it', () => {
    const state = withRobot();
    const asking = run([{ type: 'transferStarted' }], state);
    expect(asking.isTransferring).toBe(true);
    const queued = run(
      [
        {
          type: 'requested',
          result: result({
            code: 202,
            tip: 'Please wait',
            thread: thread({ status: 'queuing', type: 'robot_to_agent', seq: 1, queuePosition: 1 }),
            settings,
          }),
        },
      ],
      asking,
    );
    expect(queued.isTransferring).toBe(false);
    expect(queued.messages).toHaveLength(1);
    expect(queued.thread?.status).toBe('queuing');
    expect(queued.notices.map((item) => item.text)).toEqual(['Please wait']);
    const left = run(
      [
        {
          type: 'requested',
          result: result({ code: 204, tip: 'Nobody here', thread: thread({ status: 'offline' }), settings }),
        },
      ],
      asking,
    );
    expect(left.phase).toEqual({ kind: 'leave', tip: 'Nobody here' });
    expect(left.isTransferring).toBe(false);
    const failed = run([{ type: 'transferFailed', reason: 'network error' }], asking);
    expect(failed).toMatchObject({ isTransferring: false, transferError: 'network error' });
    expect(run([{ type: 'transferStarted' }], failed).transferError).toBe('');
  });

  it('follows a hand-over by keyword: queue and agent in the chat, nobody to the leave form', () => {
    const state = withRobot();
    const queued = run([{ type: 'thread', thread: thread({ status: 'queuing', queuePosition: 2 }) }], state);
    expect(queued.phase.kind).toBe('chat');
    expect(queued.thread?.queuePosition).toBe(2);
    expect(
      run([{ type: 'thread', thread: thread({ status: 'offline', closeType: 'offline' }) }], state).phase,
    ).toEqual({
      kind: 'leave',
      tip: 'We are offline',
    });
    expect(
      run([{ type: 'thread', thread: thread({ status: 'offline', closeType: 'non_working_time' }) }], state)
        .phase,
    ).toEqual({ kind: 'leave', tip: 'Back at nine' });
    // Only the robot's hand-over leads there: an agent's chat going offline keeps its screen.
    expect(run([{ type: 'thread', thread: thread({ status: 'offline' }) }], chatting()).phase.kind).toBe(
      'chat',
    );
  });
});
