import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ThreadSummary } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { page } from '../shared/testFixtures';
import { button, fill, findDialog, pickOption, rowOf, searchForm, setupUser } from '../shared/testUtils';
import {
  T0,
  adminWithPermissions,
  agentOptions,
  makeThread,
  queriesTo,
  stubFetch,
  type Recorded,
} from '../thread/testData';
import { SummaryPage } from './SummaryPage';

const summary = (overrides: Partial<ThreadSummary>): ThreadSummary => ({
  sid: 's-1',
  tid: 't-1',
  category: '退款',
  content: 'Refund processed for A1024',
  agent: makeThread().agent,
  visitor: { vid: 'v-ann', nickname: 'Ann', avatar: '', client: 'web' },
  createdAt: T0,
  ...overrides,
});

let rows: ThreadSummary[] = [];
let seen: Recorded[] = [];

beforeEach(() => {
  rows = [
    summary({}),
    summary({
      sid: 's-2',
      tid: 't-2',
      category: '',
      content: 'Asked about delivery times',
      visitor: { vid: 'v-bo', nickname: 'Bo', avatar: '', client: 'wap' },
    }),
  ];
  seen = stubFetch({
    'GET /api/summary/query': () => page(rows),
    'GET /api/summary/categories': () => ['Shipping', '退款'],
    'GET /api/user/get/all': () => agentOptions,
    'GET /api/thread/transcript': () => ({ thread: makeThread({ tid: 't-2' }), messages: [] }),
  });
  setProfile(adminWithPermissions({ kefu: ['query'], 'kefu.summary': ['query'] }));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('SummaryPage', { timeout: 60_000 }, () => {
  it('lists the summaries with category, agent and visitor', async () => {
    renderWithProviders(<SummaryPage />);
    await screen.findByText('Refund processed for A1024');
    expect(queriesTo(seen, '/api/summary/query')).toEqual(['page=0&size=20']);
    const annRow = rowOf('Refund processed for A1024');
    expect(within(annRow).getByText('退款')).toBeInTheDocument();
    expect(within(annRow).getByText('Agent Smith')).toBeInTheDocument();
    expect(within(annRow).getByText('Ann')).toBeInTheDocument();
    expect(within(rowOf('Asked about delivery times')).getByText('Uncategorised')).toBeInTheDocument();
  });

  it('filters by a category from the list, by agent and by keyword', async () => {
    const user = setupUser();
    renderWithProviders(<SummaryPage />);
    await screen.findByText('Refund processed for A1024');
    const form = searchForm();
    await pickOption(user, form, 'Category', 'Shipping');
    await pickOption(user, form, 'Agent', 'Agent Smith');
    await fill(user, within(form).getByLabelText('Keyword'), 'delivery');
    await user.click(button(form, /^(query|search)$/i));
    await waitFor(() =>
      expect(queriesTo(seen, '/api/summary/query')).toContain(
        'page=0&size=20&category=Shipping&uid=u-smith&keyword=delivery',
      ),
    );
  });

  it('says so when nothing matches', async () => {
    rows = [];
    renderWithProviders(<SummaryPage />);
    expect(await screen.findByText('No summaries match these filters')).toBeInTheDocument();
  });

  it('opens the summarised conversation', async () => {
    const user = setupUser();
    renderWithProviders(<SummaryPage />);
    await screen.findByText('Asked about delivery times');
    await user.click(within(rowOf('Asked about delivery times')).getByText('Conversation'));
    await findDialog();
    await waitFor(() => expect(queriesTo(seen, '/api/thread/transcript')).toEqual(['tid=t-2']));
  });

  it('is labelled in Chinese when the language is zh-CN', async () => {
    await changeLanguage('zh-CN');
    renderWithProviders(<SummaryPage />);
    await screen.findByText('Refund processed for A1024');
    expect(screen.getByText('会话小结')).toBeInTheDocument();
    expect(within(rowOf('Asked about delivery times')).getByText('未分类')).toBeInTheDocument();
  });
});
