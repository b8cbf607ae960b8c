import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Rate, RateSummary } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { page } from '../shared/testFixtures';
import { button, findDialog, pickOption, rowOf, searchForm, setupUser } from '../shared/testUtils';
import {
  T0,
  adminWithPermissions,
  agentOptions,
  makeThread,
  queriesTo,
  stubFetch,
  type Recorded,
} from '../thread/testData';
import { RatePage } from './RatePage';

const agent = makeThread().agent;
const rate = (overrides: Partial<Rate>): Rate => ({
  rid: 'r-1',
  tid: 't-1',
  score: 5,
  note: 'Very helpful',
  invite: false,
  auto: false,
  client: 'web',
  visitor: { vid: 'v-ann', nickname: 'Ann', avatar: '', client: 'web' },
  agent,
  createdAt: T0,
  ...overrides,
});

const rates = [
  rate({}),
  rate({
    rid: 'r-2',
    tid: 't-2',
    score: 2,
    note: '',
    invite: true,
    visitor: { vid: 'v-bo', nickname: 'Bo', avatar: '', client: 'wap' },
  }),
];
const summaryOf = (list: Rate[]): RateSummary => {
  const distribution = [1, 2, 3, 4, 5].map((score) => ({
    score,
    count: list.filter((r) => r.score === score).length,
  }));
  const count = list.length;
  return {
    average: count === 0 ? null : list.reduce((sum, r) => sum + r.score, 0) / count,
    count,
    distribution,
  };
};

let rows: Rate[] = [];
let seen: Recorded[] = [];

beforeEach(() => {
  rows = rates;
  const matching = (params: URLSearchParams) =>
    rows.filter((r) => !params.get('score') || r.score === Number(params.get('score')));
  seen = stubFetch({
    'GET /api/rate/query': (request) => page(matching(request.params)),
    'GET /api/rate/summary': (request) => summaryOf(matching(request.params)),
    'GET /api/user/get/all': () => agentOptions,
    'GET /api/thread/transcript': () => ({ thread: makeThread({ tid: 't-2' }), messages: [] }),
  });
  setProfile(adminWithPermissions({ kefu: ['query'], 'kefu.rate': ['query'] }));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

const card = (title: string) => screen.getByText(title).closest('.ant-card') as HTMLElement;

describe('RatePage', { timeout: 60_000 }, () => {
  it('lists the ratings with score, note, agent and visitor, and shows the average', async () => {
    renderWithProviders(<RatePage />);
    await screen.findByText('Very helpful');
    expect(queriesTo(seen, '/api/rate/query')).toEqual(['page=0&size=20']);
    const annRow = rowOf('Ann');
    expect(within(annRow).getByLabelText('5 / 5')).toBeInTheDocument();
    expect(within(annRow).getByText('Very satisfied')).toBeInTheDocument();
    expect(within(annRow).getByText('Agent Smith')).toBeInTheDocument();
    expect(within(annRow).getByText('By the visitor')).toBeInTheDocument();
    expect(within(rowOf('Bo')).getByText('Invited by the agent')).toBeInTheDocument();
    await waitFor(() => expect(within(card('Average score')).getByText('3')).toBeInTheDocument());
    expect(within(card('Average score')).getByText('.50')).toBeInTheDocument();
    expect(within(card('Ratings')).getByText('2')).toBeInTheDocument();
    expect(screen.getByLabelText('Very satisfied: 1 (50%)')).toBeInTheDocument();
    expect(screen.getByLabelText('Neutral: 0 (0%)')).toBeInTheDocument();
  });

  it('reloads the list and the summary when the window comes back with a new rating', async () => {
    rows = [rates[0]];
    renderWithProviders(<RatePage />);
    await screen.findByText('Very helpful');
    await waitFor(() => expect(within(card('Ratings')).getByText('1')).toBeInTheDocument());
    rows = rates;
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByText('Bo')).toBeInTheDocument();
    await waitFor(() => expect(within(card('Ratings')).getByText('2')).toBeInTheDocument());
    expect(queriesTo(seen, '/api/rate/summary')).toHaveLength(2);
  });

  it('filters the list and the average alike', async () => {
    const user = setupUser();
    renderWithProviders(<RatePage />);
    await screen.findByText('Very helpful');
    const form = searchForm();
    await pickOption(user, form, 'Score', '2 · Dissatisfied');
    await pickOption(user, form, 'Agent', 'Agent Smith');
    await user.click(button(form, /^(query|search)$/i));
    await waitFor(() =>
      expect(queriesTo(seen, '/api/rate/query')).toContain('page=0&size=20&score=2&uid=u-smith'),
    );
    await waitFor(() => expect(queriesTo(seen, '/api/rate/summary')).toContain('score=2&uid=u-smith'));
    await waitFor(() => expect(within(card('Ratings')).getByText('1')).toBeInTheDocument());
  });

  it('shows the empty state and no average when nothing was rated', async () => {
    rows = [];
    renderWithProviders(<RatePage />);
    expect(await screen.findByText('No ratings match these filters')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(card('Average score')).getByText('No ratings yet')).toBeInTheDocument(),
    );
  });

  it('opens the rated conversation', async () => {
    const user = setupUser();
    renderWithProviders(<RatePage />);
    await screen.findByText('Very helpful');
    await user.click(within(rowOf('Bo')).getByText('Conversation'));
    await findDialog();
    await waitFor(() => expect(queriesTo(seen, '/api/thread/transcript')).toEqual(['tid=t-2']));
  });

  it('is labelled in Chinese when the language is zh-CN', async () => {
    await changeLanguage('zh-CN');
    renderWithProviders(<RatePage />);
    await screen.findByText('Very helpful');
    expect(screen.getByText('平均分')).toBeInTheDocument();
    expect(within(rowOf('Ann')).getByText('非常满意')).toBeInTheDocument();
  });
});
