import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { ThreadRecord } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { page } from '../shared/testFixtures';
import { button, fill, findDialog, pickOption, rowOf, searchForm, setupUser } from '../shared/testUtils';
import dayjs from 'dayjs';
import {
  adminWithPermissions,
  agentOptions,
  makeMessage,
  makeThread,
  queriesTo,
  stubFetch,
  workgroupOptions,
  type Recorded,
} from './testData';
import { ThreadPage } from './ThreadPage';

const refundTag = { tgid: 'g-refund', name: 'Refund', color: '#ff0000', type: 'thread' as const };
const closed: ThreadRecord = { ...makeThread(), tags: [refundTag] };
const queuing: ThreadRecord = {
  tags: [],
  ...makeThread({
    tid: 't-2',
    status: 'queuing',
    client: 'wap',
    visitor: { vid: 'v-bo', nickname: 'Bo', avatar: '', client: 'wap' },
    agent: null,
    workgroup: { wid: 'w-support', nickname: 'Support' },
    queuePosition: 2,
    closeType: null,
    startedAt: null,
    closedAt: null,
    content: '<b>anyone there?</b>',
  }),
};

let rows: ThreadRecord[] = [];
let seen: Recorded[] = [];

const xlsx = () =>
  new Response('xlsx-bytes', {
    status: 200,
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition':
        'attachment; filename="conversations-20250101-080000.xlsx"; filename*=UTF-8\'\'conversations-20250101-080000.xlsx',
      'X-Export-Rows': '2',
      'X-Total-Count': '2',
    },
  });

beforeEach(() => {
  rows = [queuing, closed];
  seen = stubFetch({
    'GET /api/thread/query': () => page(rows),
    'GET /api/workgroup/all': () => workgroupOptions,
    'GET /api/user/get/all': () => agentOptions,
    'GET /api/tag/all': () => [
      { ...refundTag, createdAt: 1, updatedAt: 1 },
      { tgid: 'g-vip', name: 'VIP', color: '#00aa00', type: 'visitor', createdAt: 1, updatedAt: 1 },
    ],
    'GET /api/thread/transcript': () => ({
      thread: closed,
      messages: [
        makeMessage({ content: 'My order <b>A1024</b> is late' }),
        makeMessage({
          mid: 'm-2',
          seq: 2,
          sender: { kind: 'agent', id: 'u-smith', nickname: 'Agent Smith', avatar: '' },
          content: 'Let me check',
        }),
        makeMessage({
          mid: 'm-3',
          seq: 3,
          type: 'image',
          content: '',
          imageUrl: 'https://files.example/receipt.png',
          thumbUrl: 'https://files.example/receipt-thumb.png',
        }),
        makeMessage({
          mid: 'm-4',
          seq: 4,
          type: 'notification_rate_result',
          content: '5',
          sender: { kind: 'system', id: '', nickname: '', avatar: '' },
        }),
      ],
    }),
    'GET /api/thread/export': () => xlsx(),
  });
  setProfile(adminWithPermissions({ kefu: ['query'], 'kefu.thread': ['query', 'export'] }));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('ThreadPage', { timeout: 60_000 }, () => {
  it('lists the conversations with visitor, status, channel, group, agent and duration', async () => {
    renderWithProviders(<ThreadPage />);
    await screen.findByText('Ann');
    expect(queriesTo(seen, '/api/thread/query')).toEqual(['page=0&size=20']);
    const annRow = rowOf('Ann');
    expect(within(annRow).getByText('Closed')).toBeInTheDocument();
    expect(within(annRow).getByText('Web')).toBeInTheDocument();
    expect(within(annRow).getByText('Sales')).toBeInTheDocument();
    expect(within(annRow).getByText('Agent Smith')).toBeInTheDocument();
    expect(within(annRow).getByText('3 min 0 s')).toBeInTheDocument();
    const boRow = rowOf('Bo');
    expect(within(boRow).getByText('Queuing')).toBeInTheDocument();
    expect(within(boRow).getByText('Mobile web')).toBeInTheDocument();
    expect(within(boRow).getByText('Not assigned')).toBeInTheDocument();
    // Visitor text stays text.
    expect(within(boRow).getByText('<b>anyone there?</b>')).toBeInTheDocument();
  });

  it('sends the filters of the search form', async () => {
    const user = setupUser();
    renderWithProviders(<ThreadPage />);
    await screen.findByText('Ann');
    const form = searchForm();
    await fill(user, within(form).getByLabelText('Visitor'), 'ann');
    await pickOption(user, form, 'Skill group', 'Support');
    await pickOption(user, form, 'Agent', 'Agent Smith');
    await pickOption(user, form, 'Channel', 'Mobile web');
    await pickOption(user, form, 'Status', 'Queuing');
    await user.click(button(form, /^(query|search)$/i));
    await waitFor(() =>
      expect(queriesTo(seen, '/api/thread/query')).toContain(
        'page=0&size=20&visitor=ann&wid=w-support&uid=u-smith&threadClient=wap&status=queuing',
      ),
    );
  });

  it("shows the conversation's and its visitor's tags and filters by a tag", async () => {
    const user = setupUser();
    renderWithProviders(<ThreadPage />);
    await screen.findByText('Ann');
    expect(within(rowOf('Ann')).getByText('Refund')).toBeInTheDocument();
    const form = searchForm();
    await pickOption(user, form, 'Tag', 'VIP');
    await user.click(button(form, /^(query|search)$/i));
    await waitFor(() => expect(queriesTo(seen, '/api/thread/query')).toContain('page=0&size=20&tag=g-vip'));
  });

  it('sends the picked time range as epoch milliseconds', async () => {
    const user = setupUser();
    renderWithProviders(<ThreadPage />);
    await screen.findByText('Ann');
    const form = searchForm();
    const [start, end] = form.querySelectorAll<HTMLInputElement>('.ant-picker-range input');
    await user.click(start as HTMLInputElement);
    await user.paste('2025-01-01 00:00:00');
    await user.keyboard('{Enter}');
    await user.click(end as HTMLInputElement);
    await user.paste('2025-01-31 23:59:59');
    await user.keyboard('{Enter}');
    await user.click(button(form, /^(query|search)$/i));
    const from = dayjs('2025-01-01 00:00:00').valueOf();
    const to = dayjs('2025-01-31 23:59:59').valueOf();
    await waitFor(() =>
      expect(queriesTo(seen, '/api/thread/query')).toContain(`page=0&size=20&from=${from}&to=${to}`),
    );
  });

  it('does not offer robots in the agent filter', async () => {
    const user = setupUser();
    renderWithProviders(<ThreadPage />);
    await screen.findByText('Ann');
    await user.click(within(searchForm()).getByLabelText('Agent'));
    await screen.findByText('Agent Smith', { selector: '.ant-select-item-option-content' });
    expect(screen.queryByText('Robo', { selector: '.ant-select-item-option-content' })).toBeNull();
  });

  it('labels an offline conversation "Left a message" only when the visitor left one', async () => {
    rows = [
      {
        tags: [],
        ...makeThread({
          tid: 't-3',
          status: 'offline',
          agent: null,
          leftMessage: true,
          visitor: { vid: 'v-cy', nickname: 'Cy', avatar: '', client: 'web' },
        }),
      },
      {
        tags: [],
        ...makeThread({
          tid: 't-4',
          status: 'offline',
          agent: null,
          leftMessage: false,
          visitor: { vid: 'v-di', nickname: 'Di', avatar: '', client: 'web' },
        }),
      },
    ];
    renderWithProviders(<ThreadPage />);
    await screen.findByText('Cy');
    expect(within(rowOf('Cy')).getByText('Left a message')).toBeInTheDocument();
    expect(within(rowOf('Di')).getByText('No agent available')).toBeInTheDocument();
    expect(within(rowOf('Di')).queryByText('Left a message')).toBeNull();
    await act(() => changeLanguage('zh-CN'));
    expect(await within(rowOf('Di')).findByText('无人接待')).toBeInTheDocument();
    expect(within(rowOf('Cy')).getByText('留言')).toBeInTheDocument();
  });

  it('shows a visitor name made of markup as text, creating no element from it', async () => {
    const name = '<img src=x onerror=alert(1)>';
    rows = [
      { tags: [], ...makeThread({ visitor: { vid: 'v-x', nickname: name, avatar: '', client: 'web' } }) },
    ];
    renderWithProviders(<ThreadPage />);
    expect(await screen.findByText(name)).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(table.querySelector('img')).toBeNull();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('reloads the list when the window comes back (a conversation closed meanwhile)', async () => {
    rows = [queuing];
    renderWithProviders(<ThreadPage />);
    await screen.findByText('Bo');
    expect(screen.queryByText('Ann')).toBeNull();
    rows = [queuing, closed];
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByText('Ann')).toBeInTheDocument();
    expect(queriesTo(seen, '/api/thread/query')).toEqual(['page=0&size=20', 'page=0&size=20']);
  });

  it('says so when nothing matches', async () => {
    rows = [];
    renderWithProviders(<ThreadPage />);
    expect(await screen.findByText('No conversations match these filters')).toBeInTheDocument();
  });

  it('opens the transcript: text as text, images as thumbnails, notices as system lines', async () => {
    const user = setupUser();
    renderWithProviders(<ThreadPage />);
    await screen.findByText('Ann');
    await user.click(within(rowOf('Ann')).getByText('Transcript'));
    const drawer = await findDialog();
    await within(drawer).findByText('My order <b>A1024</b> is late');
    expect(queriesTo(seen, '/api/thread/transcript')).toEqual(['tid=t-1']);
    expect(within(drawer).getByText('Conversation with Ann')).toBeInTheDocument();
    expect(within(drawer).getByText('4 messages')).toBeInTheDocument();
    expect(drawer.querySelector('b')).toBeNull();
    expect(within(drawer).getByRole('img', { name: 'Image' })).toHaveAttribute(
      'src',
      'https://files.example/receipt-thumb.png',
    );
    expect(within(drawer).getByTestId('transcript-notice')).toHaveTextContent(
      'The visitor rated the conversation 5 / 5',
    );
    const agentLine = within(drawer).getByText('Let me check').closest('[data-testid="transcript-message"]');
    expect(agentLine).toHaveClass('ok-transcript__item--agent');
  });

  it('adds a closed conversation to quality inspection for a checker', async () => {
    setProfile(adminWithPermissions({ kefu: ['query'], 'kefu.thread': ['query'], 'quality.list': ['add'] }));
    seen = stubFetch({
      'GET /api/thread/query': () => page(rows),
      'GET /api/thread/transcript': () => ({ thread: closed, messages: [] }),
      'POST /api/quality/add': () => ({}),
    });
    const user = setupUser();
    renderWithProviders(<ThreadPage />);
    await screen.findByText('Ann');
    await user.click(within(rowOf('Ann')).getByText('Transcript'));
    const drawer = await findDialog();
    await user.click(await within(drawer).findByText('Add to quality inspection'));
    await waitFor(() =>
      expect(
        seen.filter((request) => request.path === '/api/quality/add').map((request) => request.body),
      ).toEqual([{ tid: 't-1' }]),
    );
    expect(await screen.findByText('Added to the scoring queue')).toBeInTheDocument();
  });

  it('exports the filters of the table to Excel', async () => {
    const createObjectURL = vi.fn(() => 'blob:export');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = setupUser();
    renderWithProviders(<ThreadPage />);
    await screen.findByText('Ann');
    await pickOption(user, searchForm(), 'Status', 'Closed');
    await user.click(button(searchForm(), /^(query|search)$/i));
    await waitFor(() =>
      expect(queriesTo(seen, '/api/thread/query')).toContain('page=0&size=20&status=closed'),
    );

    await user.click(button(document.body, 'Export to Excel'));
    await screen.findByText('Exported 2 conversations to conversations-20250101-080000.xlsx');
    const [exported] = seen.filter((request) => request.path === '/api/thread/export');
    expect(exported?.params.get('status')).toBe('closed');
    expect(exported?.params.get('timezone')).toBeTruthy();
    expect(click).toHaveBeenCalledTimes(1);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it('hides the export without the export action', async () => {
    setProfile(adminWithPermissions({ kefu: ['query'], 'kefu.thread': ['query'] }));
    renderWithProviders(<ThreadPage />);
    await screen.findByText('Ann');
    expect(screen.queryByText('Export to Excel')).toBeNull();
  });

  it('is labelled in Chinese when the language is zh-CN', async () => {
    await changeLanguage('zh-CN');
    renderWithProviders(<ThreadPage />);
    await screen.findByText('Ann');
    expect(screen.getByText('会话记录')).toBeInTheDocument();
    expect(within(rowOf('Bo')).getByText('排队中')).toBeInTheDocument();
    expect(within(rowOf('Ann')).getByText('3 分 0 秒')).toBeInTheDocument();
    expect(screen.getByText('导出 Excel')).toBeInTheDocument();
  });
});
