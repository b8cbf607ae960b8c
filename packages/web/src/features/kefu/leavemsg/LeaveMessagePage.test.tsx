import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { LeaveMessage } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { errorResponse, page } from '../shared/testFixtures';
import {
  button,
  fill,
  findDialog,
  findPopconfirm,
  pickOption,
  rowOf,
  searchForm,
  setupUser,
} from '../shared/testUtils';
import {
  T0,
  adminWithPermissions,
  makeThread,
  queriesTo,
  stubFetch,
  workgroupOptions,
  type Recorded,
} from '../thread/testData';
import { LeaveMessagePage } from './LeaveMessagePage';

const leaveMessage = (overrides: Partial<LeaveMessage>): LeaveMessage => ({
  lid: 'l-1',
  content: 'Please call me back about my refund',
  mobile: '',
  email: 'ann@example.com',
  status: 'unread',
  reply: '',
  repliedAt: null,
  emailed: false,
  visitor: { vid: 'v-ann', nickname: 'Ann', avatar: '', client: 'web' },
  workgroup: { wid: 'w-sales', nickname: 'Sales' },
  agent: null,
  createdAt: T0,
  ...overrides,
});

const fromAnn = leaveMessage({});
const fromBo = leaveMessage({
  lid: 'l-2',
  content: '<script>alert(1)</script> call me',
  mobile: '13800138000',
  email: '',
  status: 'replied',
  reply: 'We called you',
  repliedAt: T0 + 60_000,
  visitor: { vid: 'v-bo', nickname: 'Bo', avatar: '', client: 'wap' },
  agent: makeThread().agent,
});
const closedOne = leaveMessage({
  lid: 'l-3',
  content: 'Never mind',
  status: 'closed',
  visitor: { vid: 'v-cy', nickname: 'Cy', avatar: '', client: 'web' },
});

let rows: LeaveMessage[] = [];
let seen: Recorded[] = [];
let replyAnswer: (request: Recorded) => unknown;

const posted = (path: string) => seen.filter((request) => request.method === 'POST' && request.path === path);

beforeEach(() => {
  rows = [fromAnn, fromBo, closedOne];
  replyAnswer = (request) => ({
    ...fromAnn,
    status: 'replied',
    emailed: true,
    reply: (request.body as { reply: string }).reply,
  });
  seen = stubFetch({
    'GET /api/leavemsg/query': () => page(rows),
    'GET /api/workgroup/all': () => workgroupOptions,
    'POST /api/leavemsg/read': () => ({ ...fromAnn, status: 'read' }),
    'POST /api/leavemsg/close': () => ({ ...fromAnn, status: 'closed' }),
    'POST /api/leavemsg/reply': (request) => replyAnswer(request),
  });
  setProfile(adminWithPermissions({ kefu: ['query'], 'kefu.leavemsg': ['query', 'edit'] }));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('LeaveMessagePage', { timeout: 60_000 }, () => {
  it('lists leave messages with contact, status and reply; visitor text stays text', async () => {
    renderWithProviders(<LeaveMessagePage />);
    await screen.findByText('Please call me back about my refund');
    expect(queriesTo(seen, '/api/leavemsg/query')).toEqual(['page=0&size=20']);
    const annRow = rowOf('Please call me back about my refund');
    expect(within(annRow).getByText('ann@example.com')).toBeInTheDocument();
    expect(within(annRow).getByText('Unread')).toBeInTheDocument();
    expect(within(annRow).getByText('Mark read')).toBeInTheDocument();
    const boRow = rowOf('We called you');
    expect(within(boRow).getByText('<script>alert(1)</script> call me')).toBeInTheDocument();
    expect(within(boRow).getByText('Replied')).toBeInTheDocument();
    expect(within(boRow).getByText('13800138000')).toBeInTheDocument();
    expect(within(boRow).queryByText('Mark read')).toBeNull();
    const closedRow = rowOf('Never mind');
    expect(within(closedRow).queryByText('Reply')).toBeNull();
    expect(within(closedRow).queryByText('Close')).toBeNull();
  });

  it('filters by status and skill group', async () => {
    const user = setupUser();
    renderWithProviders(<LeaveMessagePage />);
    await screen.findByText('Never mind');
    const form = searchForm();
    await pickOption(user, form, 'Status', 'Unread');
    await pickOption(user, form, 'Skill group', 'Support');
    await user.click(button(form, /^(query|search)$/i));
    await waitFor(() =>
      expect(queriesTo(seen, '/api/leavemsg/query')).toContain('page=0&size=20&status=unread&wid=w-support'),
    );
  });

  it('says so when there are none', async () => {
    rows = [];
    renderWithProviders(<LeaveMessagePage />);
    expect(await screen.findByText('No leave messages match these filters')).toBeInTheDocument();
  });

  it('marks a message read and reloads', async () => {
    const user = setupUser();
    renderWithProviders(<LeaveMessagePage />);
    await screen.findByText('Never mind');
    await user.click(within(rowOf('Please call me back about my refund')).getByText('Mark read'));
    await waitFor(() =>
      expect(posted('/api/leavemsg/read').map((request) => request.body)).toEqual([{ lid: 'l-1' }]),
    );
    await screen.findByText('Marked read');
    await waitFor(() => expect(queriesTo(seen, '/api/leavemsg/query')).toHaveLength(2));
  });

  it('replies through a validated form and says it was emailed', async () => {
    const user = setupUser();
    renderWithProviders(<LeaveMessagePage />);
    await screen.findByText('Never mind');
    await user.click(within(rowOf('Please call me back about my refund')).getByText('Reply'));
    const dialog = await findDialog();
    expect(within(dialog).getByText('Reply to Ann')).toBeInTheDocument();
    expect(within(dialog).getByText('The reply is also emailed to ann@example.com.')).toBeInTheDocument();
    await user.click(button(dialog, 'Send reply'));
    expect(await within(dialog).findByText('Write a reply')).toBeInTheDocument();
    expect(posted('/api/leavemsg/reply')).toHaveLength(0);

    await fill(user, within(dialog).getByLabelText('Reply'), '  Refunded today  ');
    await user.click(button(dialog, 'Send reply'));
    await waitFor(() =>
      expect(posted('/api/leavemsg/reply').map((request) => request.body)).toEqual([
        { lid: 'l-1', reply: 'Refunded today' },
      ]),
    );
    await screen.findByText('Reply saved and emailed to ann@example.com');
  });

  it('shows the server’s field error under the reply', async () => {
    replyAnswer = () =>
      errorResponse(400, 'Invalid request: reply', [{ field: 'reply', message: 'Too long for us' }]);
    const user = setupUser();
    renderWithProviders(<LeaveMessagePage />);
    await screen.findByText('Never mind');
    await user.click(within(rowOf('We called you')).getByText('Reply'));
    const dialog = await findDialog();
    expect(within(dialog).getByLabelText('Reply')).toHaveValue('We called you');
    expect(
      within(dialog).getByText(
        'No email address was left: the visitor sees the reply in the chat window when they return.',
      ),
    ).toBeInTheDocument();
    await user.click(button(dialog, 'Send reply'));
    expect(await within(dialog).findByText('Too long for us')).toBeInTheDocument();
  });

  it('closes a message after confirmation', async () => {
    const user = setupUser();
    renderWithProviders(<LeaveMessagePage />);
    await screen.findByText('Never mind');
    await user.click(within(rowOf('Please call me back about my refund')).getByText('Close'));
    const confirm = await findPopconfirm('Close this leave message?');
    expect(posted('/api/leavemsg/close')).toHaveLength(0);
    await user.click(button(confirm, 'Close'));
    await waitFor(() =>
      expect(posted('/api/leavemsg/close').map((request) => request.body)).toEqual([{ lid: 'l-1' }]),
    );
    await screen.findByText('Leave message closed');
  });

  it('offers no actions without the edit permission', async () => {
    setProfile(adminWithPermissions({ kefu: ['query'], 'kefu.leavemsg': ['query'] }));
    renderWithProviders(<LeaveMessagePage />);
    await screen.findByText('Never mind');
    const annRow = rowOf('Please call me back about my refund');
    expect(within(annRow).queryByText('Mark read')).toBeNull();
    expect(within(annRow).queryByText('Reply')).toBeNull();
    expect(within(annRow).queryByText('Close')).toBeNull();
  });

  it('is labelled in Chinese when the language is zh-CN', async () => {
    await changeLanguage('zh-CN');
    renderWithProviders(<LeaveMessagePage />);
    await screen.findByText('Never mind');
    expect(within(rowOf('Please call me back about my refund')).getByText('未读')).toBeInTheDocument();
    expect(within(rowOf('Please call me back about my refund')).getByText('标为已读')).toBeInTheDocument();
  });
});
