import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Message, RobotHistoryRow, RobotReply } from '@openkefu/contract';
import { setProfile } from '../../../../shared/auth/profileStore';
import { changeLanguage } from '../../../../shared/i18n';
import { button, findDialog, pickOption, rowOf, searchForm, setupUser } from '../../../../shared/testing/dom';
import { renderWithProviders } from '../../../../shared/testing/renderWithProviders';
import {
  adminWithPermissions,
  errorResponse,
  page,
  queriesTo,
  stubFetch,
  type Recorded,
  type Routes,
} from '../../../../shared/testing/stubFetch';
import { sampleWorkgroups, T0 } from '../../shared/testing';
import { RobotHistoryPage } from './RobotHistoryPage';

const HOSTILE = '<img src=x onerror=alert(1)>';

const makeRow = (overrides: Partial<RobotHistoryRow> = {}): RobotHistoryRow => ({
  tid: 't-1',
  visitor: { vid: 'v-1', nickname: 'Lily' },
  workGroup: { wid: 'w-sales', nickname: 'Sales' },
  robot: { uid: 'r-1', nickname: 'Xiaoke' },
  startedAt: T0,
  questions: 3,
  answered: 2,
  unanswered: 1,
  helpful: 1,
  useless: 1,
  transferred: true,
  status: 'chatting',
  leftMessage: false,
  ...overrides,
});

const makeMessage = (overrides: Partial<Message>): Message => ({
  mid: `m-${overrides.seq ?? 1}`,
  tid: 't-1',
  seq: 1,
  type: 'text',
  content: '',
  imageUrl: '',
  thumbUrl: '',
  fileUrl: '',
  fileName: '',
  fileSize: 0,
  status: 'stored',
  client: 'web',
  localId: '',
  sender: { kind: 'visitor', id: 'v-1', nickname: 'Lily', avatar: '' },
  createdAt: T0,
  ...overrides,
});

const answer: RobotReply = {
  kind: 'answer',
  question: 'how do i get a refund',
  source: 'faq',
  aid: 'f-1',
  title: 'How do I get a refund?',
  answer: '<p>Refunds take <strong>7 days</strong>.</p><img src="x" onerror="window.hacked=1">',
  url: '',
  related: [],
  rating: 'useless',
};

const transcript = {
  messages: [
    makeMessage({ seq: 1, content: HOSTILE }),
    makeMessage({
      seq: 2,
      type: 'robot',
      content: JSON.stringify(answer),
      sender: { kind: 'robot', id: 'r-1', nickname: 'Xiaoke', avatar: '' },
    }),
    makeMessage({
      seq: 3,
      content: 'Hi, I am Alice.',
      sender: { kind: 'agent', id: 'u-alice', nickname: 'Alice', avatar: '' },
    }),
  ],
  hasMore: false,
};

let seen: Recorded[] = [];

const routes = (extra: Routes = {}): Routes => ({
  'GET /api/robot/history': () =>
    page([
      makeRow(),
      makeRow({
        tid: 't-2',
        visitor: { vid: 'v-2', nickname: HOSTILE },
        transferred: false,
        unanswered: 0,
        status: 'closed',
      }),
    ]),
  'GET /api/workgroup/all': () => sampleWorkgroups(),
  'GET /api/message/history': () => transcript,
  ...extra,
});

beforeEach(() => {
  seen = stubFetch(routes());
  setProfile(adminWithPermissions({ 'robot.history': ['query'], 'robot.training': ['query'] }));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('RobotHistoryPage', { timeout: 60_000 }, () => {
  it('lists the robot conversations and filters by group, outcome and date', async () => {
    const user = setupUser();
    renderWithProviders(<RobotHistoryPage />);
    await screen.findByText('Lily');
    expect(queriesTo(seen, '/api/robot/history')).toEqual(['page=0&size=20']);
    const row = rowOf('Lily');
    expect(within(row).getByText('Sales')).toBeInTheDocument();
    expect(within(row).getByText('Xiaoke')).toBeInTheDocument();
    expect(within(row).getByLabelText('2 answered, 1 missed')).toBeInTheDocument();
    expect(within(row).getByText('To an agent')).toBeInTheDocument();
    expect(within(row).getByText('Chatting')).toBeInTheDocument();
    const other = rowOf(HOSTILE);
    expect(within(other).getByText('Robot only')).toBeInTheDocument();
    expect(within(other).getByText('Closed')).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByText('Training queue').closest('a')).toHaveAttribute('href', '/stable/robot/training');

    await waitFor(() => expect(within(searchForm()).getByLabelText('Skill group')).toBeInTheDocument());
    await pickOption(user, searchForm(), 'Skill group', 'Support');
    await pickOption(user, searchForm(), 'Outcome', 'Marked unhelpful');
    const start = within(searchForm()).getByPlaceholderText('Start date');
    await user.click(start);
    await user.type(start, '2026-11-01{Enter}');
    const end = within(searchForm()).getByPlaceholderText('End date');
    await user.type(end, '2026-11-03{Enter}');
    await user.click(button(searchForm(), /Query|Search/));
    await waitFor(() => {
      const last = new URLSearchParams(queriesTo(seen, '/api/robot/history').at(-1));
      expect(last.get('wid')).toBe('w-support');
      expect(last.get('outcome')).toBe('unhelpful');
      expect(Number(last.get('from'))).toBe(new Date(2026, 10, 1).getTime());
      expect(Number(last.get('to'))).toBe(new Date(2026, 10, 3, 23, 59, 59, 999).getTime());
    });
  });

  it('says "Left a message" only for a handed-over conversation whose visitor left one', async () => {
    const rows = [
      makeRow({
        tid: 't-left',
        visitor: { vid: 'v-3', nickname: 'Wrote' },
        status: 'offline',
        leftMessage: true,
      }),
      makeRow({
        tid: 't-gone',
        visitor: { vid: 'v-4', nickname: 'Silent' },
        status: 'offline',
        leftMessage: false,
      }),
    ];
    seen = stubFetch(routes({ 'GET /api/robot/history': () => page(rows) }));
    const view = renderWithProviders(<RobotHistoryPage />);
    await screen.findByText('Wrote');
    expect(within(rowOf('Wrote')).getByText('Left a message')).toBeInTheDocument();
    expect(within(rowOf('Silent')).getByText('No agent available')).toBeInTheDocument();
    expect(within(rowOf('Silent')).queryByText('Left a message')).toBeNull();
    view.unmount();

    await changeLanguage('zh-CN');
    renderWithProviders(<RobotHistoryPage />);
    await screen.findByText('Wrote');
    expect(within(rowOf('Wrote')).getByText('已留言')).toBeInTheDocument();
    expect(within(rowOf('Silent')).getByText('无人接待')).toBeInTheDocument();
  });

  it('opens the transcript: visitor text as text, the robot part through the workbench’s robot message', async () => {
    const user = setupUser();
    renderWithProviders(<RobotHistoryPage />);
    await user.click(await screen.findByText('Lily'));
    const drawer = await findDialog();
    expect(await within(drawer).findByText('Conversation with Lily')).toBeInTheDocument();
    await within(drawer).findByText(HOSTILE);
    expect(queriesTo(seen, '/api/message/history')).toEqual(['tid=t-1&size=200']);
    expect(within(drawer).getByTestId('transcript-summary')).toHaveTextContent(
      'Sales · robot Xiaoke · 2 of 3 questions answered',
    );
    const robot = within(drawer).getByTestId('robot-message');
    expect(within(robot).getByText('Robot answer')).toBeInTheDocument();
    expect(within(robot).getByText('Not helpful')).toBeInTheDocument();
    expect(within(drawer).getByTestId('robot-answer').textContent).toBe('Refunds take 7 days.');
    expect(within(drawer).getByText('Hi, I am Alice.')).toBeInTheDocument();
    expect(within(drawer).getByText('Agent')).toBeInTheDocument();
    expect(drawer.querySelector('img[src="x"]')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('says why the transcript failed to load', async () => {
    const user = setupUser();
    seen = stubFetch(routes({ 'GET /api/message/history': () => errorResponse(404, 'Thread not found') }));
    renderWithProviders(<RobotHistoryPage />);
    await user.click((await screen.findAllByText('Transcript', { selector: 'a' }))[0] as HTMLElement);
    const drawer = await findDialog();
    expect(await within(drawer).findByText('Could not load the transcript')).toBeInTheDocument();
    expect(within(drawer).getByText('Thread not found')).toBeInTheDocument();
  });

  it('says why the list failed to load', async () => {
    seen = stubFetch(routes({ 'GET /api/robot/history': () => errorResponse(404, 'Skill group not found') }));
    renderWithProviders(<RobotHistoryPage />);
    expect(await screen.findByText('Skill group not found')).toBeInTheDocument();
  });

  it('shows an empty list in Chinese', async () => {
    await changeLanguage('zh-CN');
    seen = stubFetch(routes({ 'GET /api/robot/history': () => page([]) }));
    renderWithProviders(<RobotHistoryPage />);
    expect(await screen.findByText('没有符合条件的机器人会话。')).toBeInTheDocument();
    expect(screen.getByText('机器人会话')).toBeInTheDocument();
    expect(within(searchForm()).getByText('结果')).toBeInTheDocument();
  });
});
