import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Feedback } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import {
  button,
  fill,
  findDialog,
  findPopconfirm,
  searchForm,
  pickOption,
  setupUser,
} from '../../../shared/testing/dom';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import {
  adminWithPermissions,
  errorResponse,
  page,
  queriesTo,
  stubFetch,
  type Recorded,
  type Routes,
} from '../../../shared/testing/stubFetch';
import { FeedbackListPage } from './FeedbackListPage';

const T0 = Date.UTC(2026, 10, 20, 9, 0);

const item = (overrides: Partial<Feedback> = {}): Feedback => ({
  fid: 'fb-1',
  category: 'bug',
  content: 'The checkout button does nothing',
  images: [{ aid: 'a-1', path: '/files/a-1.png', thumbPath: '/files/a-1.thumb.png' }],
  contact: 'ann@example.com',
  url: 'https://shop.example.com/checkout',
  browser: 'Firefox 140',
  source: 'widget',
  status: 'open',
  reply: '',
  repliedAt: null,
  replier: null,
  closedAt: null,
  ticketId: null,
  visitor: { vid: 'v-1', nickname: 'Visitor 1', avatar: '', client: 'web' },
  customerCid: null,
  createdAt: T0,
  ...overrides,
});

let seen: Recorded[] = [];

const start = (extra: Routes = {}) => {
  seen = stubFetch({
    'GET /api/feedback/query': () =>
      page([item(), item({ fid: 'fb-2', content: 'Love it', category: 'praise', contact: '' })]),
    'GET /api/feedback/get': (request) =>
      request.params.get('fid') === 'fb-2'
        ? item({ fid: 'fb-2', content: 'Love it', contact: 'wechat: ann' })
        : item(),
    ...extra,
  });
};

const postsTo = (path: string) =>
  seen.filter((request) => request.method === 'POST' && request.path === path).map((request) => request.body);

beforeEach(() => {
  start();
  setProfile(adminWithPermissions({ 'feedback.list': ['query', 'get', 'edit'] }));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('FeedbackListPage', { timeout: 60_000 }, () => {
  it('lists feedback and filters by category, status and date', async () => {
    const user = setupUser();
    renderWithProviders(<FeedbackListPage />);
    expect(await screen.findByText('The checkout button does nothing')).toBeInTheDocument();
    expect(screen.getByText('Praise')).toBeInTheDocument();
    await pickOption(user, searchForm(), 'Category', 'Bug');
    await pickOption(user, searchForm(), 'Status', 'Open');
    await user.click(button(searchForm(), 'Query'));
    await waitFor(() =>
      expect(queriesTo(seen, '/api/feedback/query').at(-1)).toBe('category=bug&status=open&page=0&size=20'),
    );
    const [fromInput, toInput] = [
      ...searchForm().querySelectorAll<HTMLInputElement>('.ant-picker-range input'),
    ];
    await user.click(fromInput as HTMLElement);
    await user.type(fromInput as HTMLElement, '2026-11-01{enter}');
    await user.type(toInput as HTMLElement, '2026-11-05{enter}');
    await user.click(button(searchForm(), 'Query'));
    await waitFor(() => {
      const query = new URLSearchParams(queriesTo(seen, '/api/feedback/query').at(-1));
      expect(Number(query.get('from'))).toBe(new Date(2026, 10, 1).getTime());
      expect(Number(query.get('to'))).toBe(new Date(2026, 10, 5, 23, 59, 59, 999).getTime());
    });
  });

  it('opens the detail with images, replies (mailed), closes and converts after confirming', async () => {
    start({
      'POST /api/feedback/reply': () =>
        item({
          status: 'replied',
          reply: 'Fixed, thanks',
          repliedAt: T0,
          replier: { uid: 'u-1', nickname: 'Boss' },
        }),
      'POST /api/feedback/convert': () => ({ ticketId: 'TK-42' }),
      'POST /api/feedback/close': () => item({ status: 'closed', closedAt: T0 }),
    });
    const user = setupUser();
    renderWithProviders(<FeedbackListPage />, { path: '/?fid=fb-1' });
    const drawer = await findDialog();
    expect(await within(drawer).findByAltText('Image 1')).toHaveAttribute('src', '/files/a-1.thumb.png');
    expect(within(drawer).getByText('https://shop.example.com/checkout')).toBeInTheDocument();
    expect(
      within(drawer).getByText('The visitor sees it in the widget, and it is emailed to ann@example.com.'),
    ).toBeInTheDocument();
    await user.click(button(drawer, 'Send reply'));
    expect(await within(drawer).findByText('Write the reply')).toBeInTheDocument();
    await fill(user, within(drawer).getByLabelText('Reply'), 'Fixed, thanks');
    await user.click(button(drawer, 'Send reply'));
    await waitFor(() =>
      expect(postsTo('/api/feedback/reply')).toEqual([{ fid: 'fb-1', reply: 'Fixed, thanks' }]),
    );
    expect(await screen.findByText('Reply sent and emailed to ann@example.com')).toBeInTheDocument();
    expect(await within(drawer).findByText(/Replied by Boss/)).toBeInTheDocument();

    await user.click(button(drawer, 'Convert to ticket'));
    const confirm = await findPopconfirm('Create a ticket from this feedback?');
    expect(postsTo('/api/feedback/convert')).toEqual([]);
    await user.click(button(confirm, 'Convert to ticket'));
    expect(await within(drawer).findByText('TK-42')).toBeInTheDocument();
    expect(within(drawer).queryByText('Convert to ticket')).toBeNull();

    await user.click(button(drawer, 'Close'));
    const closeConfirm = await findPopconfirm('Close this feedback? It can no longer be replied to.');
    await user.click(button(closeConfirm, 'Close'));
    await waitFor(() => expect(postsTo('/api/feedback/close')).toEqual([{ fid: 'fb-1' }]));
    await waitFor(() => expect(within(drawer).queryByText('Send reply')).toBeNull());
  });

  it('says a reply is not mailed without an email address, and reports a refused conversion', async () => {
    start({ 'POST /api/feedback/convert': () => errorResponse(409, 'Already converted') });
    const user = setupUser();
    renderWithProviders(<FeedbackListPage />, { path: '/?fid=fb-2' });
    const drawer = await findDialog();
    expect(
      await within(drawer).findByText(
        'The visitor sees it in the widget when they return (no email address was left).',
      ),
    ).toBeInTheDocument();
    await user.click(button(drawer, 'Convert to ticket'));
    await user.click(
      button(await findPopconfirm('Create a ticket from this feedback?'), 'Convert to ticket'),
    );
    expect(await screen.findByText('Already converted')).toBeInTheDocument();
  });

  it('is read-only without edit and speaks Chinese', async () => {
    setProfile(adminWithPermissions({ 'feedback.list': ['query', 'get'] }));
    await changeLanguage('zh-CN');
    renderWithProviders(<FeedbackListPage />, { path: '/?fid=fb-1' });
    const drawer = await findDialog();
    expect(await within(drawer).findByText('聊天窗口')).toBeInTheDocument();
    expect(within(drawer).queryByText('发送回复')).toBeNull();
    expect(within(drawer).queryByText('转为工单')).toBeNull();
    expect(screen.getByText('意见反馈')).toBeInTheDocument();
  });
});
