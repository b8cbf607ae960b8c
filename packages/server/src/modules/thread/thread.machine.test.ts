import { describe, expect, it } from 'vitest';
import type { ThreadStatus } from '@openkefu/contract';
import {
  assertTransition,
  canTransition,
  fromStatusesOf,
  isOpenStatus,
  targetStatusOf,
  TransitionError,
} from './thread.machine.js';

describe('thread state machine', () => {
  it('assigns only queued threads', () => {
    expect(canTransition('assign', 'queuing', 'chatting')).toBe(true);
    expect(canTransition('assign', 'chatting', 'chatting')).toBe(false);
    expect(canTransition('assign', 'closed', 'chatting')).toBe(false);
  });

  it('closes open threads once', () => {
    for (const from of ['robot', 'queuing', 'chatting'] as const)
      expect(canTransition('close', from, 'closed')).toBe(true);
    expect(canTransition('close', 'closed', 'closed')).toBe(false);
    expect(canTransition('close', 'offline', 'closed')).toBe(false);
  });

  it('reopens finished threads into any routed state', () => {
    expect(canTransition('reopen', 'closed', 'queuing')).toBe(true);
    expect(canTransition('reopen', 'offline', 'chatting')).toBe(true);
    expect(canTransition('reopen', 'chatting', 'chatting')).toBe(false);
  });

  it('lets the robot take a new request, and hands it back to the queue only from the robot', () => {
    expect(canTransition('robot', 'queuing', 'robot')).toBe(true);
    expect(canTransition('robot', 'chatting', 'robot')).toBe(false);
    expect(canTransition('route', 'robot', 'queuing')).toBe(true);
    expect(canTransition('route', 'queuing', 'chatting')).toBe(false);
    expect(targetStatusOf.robot).toBe('robot');
    expect(targetStatusOf.route).toBe('queuing');
  });

  it('transfers only a chatting thread', () => {
    expect(canTransition('transfer', 'chatting', 'chatting')).toBe(true);
    expect(canTransition('transfer', 'queuing', 'chatting')).toBe(false);
  });

  it('throws a TransitionError naming the move', () => {
    expect(() => assertTransition('assign', 'closed', 'chatting')).toThrow(TransitionError);
    expect(() => assertTransition('assign', 'closed', 'chatting')).toThrow(/assign from closed to chatting/);
  });

  it('knows which statuses are open', () => {
    expect(['robot', 'queuing', 'chatting'].every(isOpenStatus)).toBe(true);
    expect(['closed', 'offline'].some(isOpenStatus)).toBe(false);
  });
});

describe('what the repository writes', () => {
  it('writes only targets the table allows, from the statuses it allows', () => {
    for (const [event, to] of Object.entries(targetStatusOf) as [keyof typeof targetStatusOf, ThreadStatus][])
      for (const from of fromStatusesOf(event)) expect(canTransition(event, from, to)).toBe(true);
  });

  it('sends a queued visitor nobody can answer to leave a message, never a chatting one', () => {
    expect(canTransition('offline', 'queuing', 'offline')).toBe(true);
    expect(canTransition('offline', 'chatting', 'offline')).toBe(false);
    expect(fromStatusesOf('close')).toEqual(['robot', 'queuing', 'chatting']);
  });
});
