import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Message, Thread } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { page } from '../shared/testFixtures';
import { button, findDialog, pickOption, rowOf, searchForm, setupUser } from '../shared/testUtils';
import {
  adminWithPermissions,
  makeMessage,
  makeThread,
  queriesTo,
  stubFetch,
  workgroupOptions,
  type Recorded,
} from '../thread/testData';
import { MONITOR_REFRESH_MS, MonitorPage, WATCH_REFRESH_MS } from './MonitorPage';

const now = Date.now();
const waiting = makeThread({
  tid: 't-wait',
  status: 'queuing',
  visitor: { vid: 'v-bo', nickname: 'Bo', avatar: '', client: 'wap' },
  agent: null,
  queuePosition: 2,
  closeType: null,
  queuedAt: now - 90_000,
  startedAt: null,
  closedAt: null,
  createdAt: now - 90_000,
  content: 'Hello?',
});
const chatting = makeThread({
  tid: 't-chat',
  status: 'chatting',
  closeType: null,
  closedAt: null,
  startedAt: now - 300_000,
  createdAt: now - 310_000,
  unreadCount: 3,
  content: 'Where is my parcel?',
});

let rows: Thread[] = [];
let transcript: Message[] = [];
let seen: Recorded[] = [];

beforeEach(() => {
  rows = [waiting, chatting];
  transcript = [makeMessage({ tid: 't-chat', content: 'Where is my parcel?' })];
  seen = stubFetch({
    'GET /api/thread/monitor': () => page(rows),
    'GET /api/workgroup/all': () => workgroupOptions,
    'GET /api/thread/transcript': () => ({ thread: chatting, messages: transcript }),
  });
  setProfile(adminWithPermissions({ kefu: ['query'], 'kefu.monitor': ['query'] }));
});

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('MonitorPage', { timeout: 60_000 }, () => {
  it('lists the ongoing conversations with queue position, time and unread count', async () => {
    renderWithProviders(<MonitorPage />);
    await screen.findByText('Bo');
    expect(queriesTo(seen, '/api/thread/monitor')[0]).toBe('page=0&size=20');
    const boRow = rowOf('Bo');
    expect(within(boRow).getByText('Queuing')).toBeInTheDocument();
    expect(within(boRow).getByText('No. 2 in the queue')).toBeInTheDocument();
    expect(within(boRow).getByText(/^Waiting 1 min \d+ s$/)).toBeInTheDocument();
    const annRow = rowOf('Ann');
    expect(within(annRow).getByText(/^Chatting 5 min \d+ s$/)).toBeInTheDocument();
    expect(within(annRow).getByText('3')).toBeInTheDocument();
    expect(screen.getByText(/^Live · refreshes every 5 seconds/)).toBeInTheDocument();
  });

  it('filters by status and skill group', async () => {
    const user = setupUser();
    renderWithProviders(<MonitorPage />);
    await screen.findByText('Bo');
    const form = searchForm();
    await pickOption(user, form, 'Status', 'Chatting');
    await pickOption(user, form, 'Skill group', 'Sales');
    await user.click(button(form, /^(query|search)$/i));
    await waitFor(() =>
      expect(queriesTo(seen, '/api/thread/monitor')).toContain('page=0&size=20&status=chatting&wid=w-sales'),
    );
  });

  it('says so when nothing is going on', async () => {
    rows = [];
    renderWithProviders(<MonitorPage />);
    expect(await screen.findByText('No conversation is going on right now')).toBeInTheDocument();
  });

  it('reloads the list by itself every 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithProviders(<MonitorPage />);
    await screen.findByText('Bo');
    const loads = () => queriesTo(seen, '/api/thread/monitor').length;
    await waitFor(() => expect(loads()).toBeGreaterThan(0));
    const before = loads();
    rows = [chatting];
    await act(async () => {
      await vi.advanceTimersByTimeAsync(MONITOR_REFRESH_MS);
    });
    await waitFor(() => expect(loads()).toBe(before + 1));
    await waitFor(() => expect(screen.queryByText('Bo')).toBeNull());
  });

  it('watches a conversation live in a drawer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = setupUser();
    renderWithProviders(<MonitorPage />);
    await screen.findByText('Bo');
    await user.click(within(rowOf('Ann')).getByText('Watch'));
    const drawer = await findDialog();
    await within(drawer).findByText('Where is my parcel?', { selector: '.ok-transcript__bubble' });
    expect(within(drawer).getByText('Live — refreshes every 3 s')).toBeInTheDocument();
    expect(queriesTo(seen, '/api/thread/transcript')).toEqual(['tid=t-chat']);

    transcript = [
      ...transcript,
      makeMessage({
        mid: 'm-2',
        seq: 2,
        tid: 't-chat',
        content: 'It ships today',
        sender: { kind: 'agent', id: 'u-smith', nickname: 'Agent Smith', avatar: '' },
      }),
    ];
    await act(async () => {
      await vi.advanceTimersByTimeAsync(WATCH_REFRESH_MS);
    });
    expect(await within(drawer).findByText('It ships today')).toBeInTheDocument();
  });

  it('is labelled in Chinese when the language is zh-CN', async () => {
    await changeLanguage('zh-CN');
    renderWithProviders(<MonitorPage />);
    await screen.findByText('Bo');
    expect(screen.getByText('进行中的会话')).toBeInTheDocument();
    expect(within(rowOf('Bo')).getByText('排队第 2 位')).toBeInTheDocument();
    expect(within(rowOf('Ann')).getByText('旁听')).toBeInTheDocument();
  });
});
