import { describe, expect, it } from 'vitest';
import type { Page, Thread } from '@openkefu/contract';
import { page } from '../../kefu/shared/testFixtures';
import { makeAgentMessage, makeMessage, makeThread, NOW } from '../testing/fixtures';
import { applyMessageToList, applyThreadUpdate, localisePreview, markListRead } from './threadLists';

const ME = 'u-alice';
const bob = { ...makeThread().agent!, uid: 'u-bob', nickname: 'Bob' };

const listOf = (...threads: Thread[]): Page<Thread> => page(threads, threads.length, 100);
const tids = (list: Page<Thread> | undefined) => list?.content.map((thread) => thread.tid);

describe('applyThreadUpdate', () => {
  it('adds a thread newly assigned to me to the top of "current"', () => {
    const older = makeThread({ tid: 't-old', lastMessageAt: NOW - 600_000 });
    const assigned = makeThread({ tid: 't-new', lastMessageAt: NOW, updatedAt: NOW });

    const next = applyThreadUpdate(listOf(older), 'current', assigned, ME);

    expect(tids(next)).toEqual(['t-new', 't-old']);
    expect(next?.totalElements).toBe(2);
  });

  it('replaces the row in place of the old one and re-sorts by activity', () => {
    const a = makeThread({ tid: 't-a', lastMessageAt: NOW - 10_000 });
    const b = makeThread({ tid: 't-b', lastMessageAt: NOW - 20_000 });
    const bNewer = { ...b, content: 'Any news?', lastMessageAt: NOW, updatedAt: NOW };

    const next = applyThreadUpdate(listOf(a, b), 'current', bNewer, ME);

    expect(tids(next)).toEqual(['t-b', 't-a']);
    expect(next?.content[0].content).toBe('Any news?');
    expect(next?.totalElements).toBe(2);
  });

  it('moves a closed thread out of "current" and into "closed"', () => {
    const open = makeThread();
    const closed = { ...open, status: 'closed' as const, closedAt: NOW, updatedAt: NOW };

    expect(tids(applyThreadUpdate(listOf(open), 'current', closed, ME))).toEqual([]);
    expect(tids(applyThreadUpdate(listOf(), 'closed', closed, ME))).toEqual(['t-1']);
  });

  it('removes a thread transferred to a colleague from my "current"', () => {
    const mine = makeThread();
    const transferred = { ...mine, agent: bob, updatedAt: NOW };

    expect(tids(applyThreadUpdate(listOf(mine), 'current', transferred, ME))).toEqual([]);
  });

  it('keeps a thread I was invited to in "current" while it lasts', () => {
    const invited = makeThread({ agent: bob });

    const next = applyThreadUpdate(
      listOf(invited),
      'current',
      { ...invited, content: 'more', updatedAt: NOW },
      ME,
    );

    expect(next?.content[0].content).toBe('more');
  });

  it('serves the queue oldest first and drops a thread once someone accepts it', () => {
    const first = makeThread({ tid: 't-q1', status: 'queuing', agent: null, queuedAt: NOW - 300_000 });
    const second = makeThread({ tid: 't-q2', status: 'queuing', agent: null, queuedAt: NOW - 60_000 });
    const queue = applyThreadUpdate(listOf(second), 'queue', first, ME);
    expect(tids(queue)).toEqual(['t-q1', 't-q2']);

    const acceptedByBob = { ...first, status: 'chatting' as const, agent: bob, updatedAt: NOW };
    expect(tids(applyThreadUpdate(queue, 'queue', acceptedByBob, ME))).toEqual(['t-q2']);
  });

  it('ignores an update older than the row it holds', () => {
    const row = makeThread({ content: 'newest', updatedAt: NOW });

    const next = applyThreadUpdate(
      listOf(row),
      'current',
      { ...row, content: 'stale', updatedAt: NOW - 1 },
      ME,
    );

    expect(next?.content[0].content).toBe('newest');
  });

  it('leaves a list that has not loaded yet alone', () => {
    expect(applyThreadUpdate(undefined, 'current', makeThread(), ME)).toBeUndefined();
  });
});

describe('applyMessageToList', () => {
  const labels = { preview: 'Where is my parcel?', isOpen: false };

  it("counts a visitor's message in a thread not open as unread and moves the row up", () => {
    const a = makeThread({ tid: 't-a', seq: 4, lastMessageAt: NOW - 1_000 });
    const b = makeThread({ tid: 't-b', seq: 2, lastMessageAt: NOW - 50_000 });
    const message = makeMessage({ tid: 't-b', seq: 3, createdAt: NOW });

    const next = applyMessageToList(listOf(a, b), 'current', message, labels);

    expect(tids(next)).toEqual(['t-b', 't-a']);
    expect(next?.content[0]).toMatchObject({ unreadCount: 1, content: 'Where is my parcel?', seq: 3 });
  });

  it('does not count a message the row already reflects (thread:update came first)', () => {
    const row = makeThread({ seq: 3, unreadCount: 1 });

    const next = applyMessageToList(listOf(row), 'current', makeMessage({ seq: 3 }), labels);

    expect(next?.content[0].unreadCount).toBe(1);
  });

  it("does not count the agent's own messages or those of the open thread", () => {
    const row = makeThread({ seq: 1 });
    const own = applyMessageToList(listOf(row), 'current', makeAgentMessage({ seq: 2 }), labels);
    const open = applyMessageToList(listOf(row), 'current', makeMessage({ seq: 2 }), {
      ...labels,
      isOpen: true,
    });

    expect(own?.content[0].unreadCount).toBe(0);
    expect(open?.content[0].unreadCount).toBe(0);
  });

  it('clears the unread count of the thread being read', () => {
    const list = listOf(makeThread({ unreadCount: 4 }));

    expect(markListRead(list, 't-1')?.content[0].unreadCount).toBe(0);
  });
});

describe('localisePreview', () => {
  const labels = {
    image: '[图片]',
    file: (name: string) => `[文件] ${name}`,
    other: (type: string) => `<${type}>`,
  };

  it("puts the server's media previews in the reader's words and leaves text alone", () => {
    expect(localisePreview('[image]', labels)).toBe('[图片]');
    expect(localisePreview('[file] report [v2].pdf', labels)).toBe('[文件] report [v2].pdf');
    expect(localisePreview('[voice]', labels)).toBe('<voice>');
    expect(localisePreview('Where is my parcel?', labels)).toBe('Where is my parcel?');
    expect(localisePreview('[link] see this', labels)).toBe('[link] see this');
    expect(localisePreview('[nonsense]', labels)).toBe('[nonsense]');
  });
});
