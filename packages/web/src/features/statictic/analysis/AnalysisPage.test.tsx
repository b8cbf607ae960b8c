import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import type {
  StatisticDrillRow,
  StatisticMetric,
  StatisticMetricKey,
  StatisticOnline,
  StatisticPoint,
  StatisticUnit,
} from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { button, findDialog, pickOption, rowOf, setupUser } from '../../../shared/testing/dom';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import {
  adminWithPermissions,
  errorResponse,
  page,
  stubFetch,
  type Recorded,
} from '../../../shared/testing/stubFetch';
import { agentOptions, makeMessage, makeThread, workgroupOptions } from '../../kefu/thread/testData';
import { AnalysisPage } from './AnalysisPage';
import { browserTimeZone, daysOfPoint } from './figures';

const HOSTILE = '<img src=x onerror=alert(1)>';

const metric = (
  key: StatisticMetricKey,
  unit: StatisticUnit,
  label: string,
  overrides: Partial<StatisticMetric> = {},
): StatisticMetric => ({
  key,
  category: 'conversation',
  unit,
  label,
  description: `${label}: what it means.`,
  formula: `${label} formula`,
  higherIsBetter: true,
  canDrill: true,
  source: 'rollup',
  ...overrides,
});

const registry: StatisticMetric[] = [
  metric('conversationsNew', 'count', 'New conversations', {
    description: 'Conversations visitors started, counting a reopened one again.',
    formula: 'created + reopened events',
  }),
  metric('conversationsAccepted', 'count', 'Accepted'),
  metric('conversationsMissed', 'count', 'Missed', { higherIsBetter: false }),
  metric('abandonmentRate', 'share', 'Abandonment rate', { higherIsBetter: false, canDrill: false }),
  metric('conversationsTransferred', 'count', 'Transferred'),
  metric('conversationsReopened', 'count', 'Reopened', { higherIsBetter: false }),
  metric('conversationsClosed', 'count', 'Closed'),
  metric('queueTimeAvg', 'seconds', 'Average queue time', { higherIsBetter: false }),
  metric('firstResponseAvg', 'seconds', 'Average first response', { higherIsBetter: false }),
  metric('firstResponseP90', 'seconds', 'First response p90', { higherIsBetter: false }),
  metric('handleTimeAvg', 'seconds', 'Average handle time', { higherIsBetter: false }),
  metric('resolutionTimeAvg', 'seconds', 'Average resolution time', { higherIsBetter: false }),
  metric('satisfactionAvg', 'score', 'Average satisfaction'),
  metric('ratings', 'count', 'Ratings'),
  metric('ratedShare', 'share', 'Rated share'),
  metric('responseUnder1m', 'count', 'First response < 1 min'),
  metric('response1to3m', 'count', 'First response 1–3 min'),
  metric('response3to5m', 'count', 'First response 3–5 min'),
  metric('responseOver5m', 'count', 'First response > 5 min'),
  ...([1, 2, 3, 4, 5] as const).map((score) => metric(`satisfaction${score}`, 'count', `Rated ${score}`)),
  ...(
    [
      ['callsStarted', 'count', 'Calls'],
      ['callsAudio', 'count', 'Voice calls'],
      ['callsVideo', 'count', 'Video calls'],
      ['callsAnswered', 'count', 'Calls answered'],
      ['callsNotAnswered', 'count', 'Calls not answered'],
      ['callsTimeout', 'count', 'No answer in time'],
      ['callsRejected', 'count', 'Declined'],
      ['callsBusy', 'count', 'Busy'],
      ['callsCancelled', 'count', 'Cancelled'],
      ['callAnswerRate', 'share', 'Call answer rate'],
      ['callTalkTimeTotal', 'seconds', 'Total talk time'],
      ['callTalkTimeAvg', 'seconds', 'Average talk time'],
    ] as const
  ).map(([key, unit, label]) => metric(key, unit, label, { category: 'call', canDrill: false })),
];

const totals = {
  conversationsNew: 1234,
  conversationsAccepted: 1000,
  conversationsMissed: 60,
  abandonmentRate: 0.045,
  conversationsTransferred: 12,
  conversationsReopened: 7,
  queueTimeAvg: 30,
  firstResponseAvg: 42,
  firstResponseP90: 200,
  handleTimeAvg: 600,
  resolutionTimeAvg: 3725,
  satisfactionAvg: 4.25,
  ratings: 400,
  ratedShare: 0.4,
  responseUnder1m: 700,
  response1to3m: 200,
  response3to5m: 60,
  responseOver5m: 40,
  satisfaction1: 10,
  satisfaction2: 10,
  satisfaction3: 30,
  satisfaction4: 100,
  satisfaction5: 250,
  callsStarted: 50,
  callsAudio: 30,
  callsVideo: 20,
  callsAnswered: 40,
  callsNotAnswered: 10,
  callsTimeout: 4,
  callsRejected: 3,
  callsBusy: 2,
  callsCancelled: 1,
  callAnswerRate: 0.8,
  callTalkTimeTotal: 3800,
  callTalkTimeAvg: 95,
};

const point = (key: string, values: StatisticPoint['values'], label = key): StatisticPoint => ({
  key,
  label,
  values,
});

const report = (groupBy: StatisticOnline['groupBy'], series: StatisticPoint[]): StatisticOnline => ({
  from: '2026-10-27',
  to: '2026-11-25',
  tz: 'UTC',
  groupBy,
  metrics: [],
  series,
  totals,
  previous: null,
  isExact: true,
});

const summary = (groupBy: StatisticOnline['groupBy']): StatisticOnline => ({
  ...report(groupBy, [
    point('2026-11-24', {
      ...totals,
      conversationsNew: 600,
      conversationsAccepted: 500,
      conversationsMissed: 20,
    }),
    point('2026-11-25', {
      ...totals,
      conversationsNew: 634,
      conversationsAccepted: 500,
      conversationsMissed: 40,
    }),
  ]),
  previous: {
    from: '2026-09-27',
    to: '2026-10-26',
    totals: {},
    change: {
      conversationsNew: 0.125,
      conversationsMissed: 0.2,
      firstResponseAvg: -0.1,
      satisfactionAvg: null,
    },
  },
});

const heatmap = report('weekdayHour', [
  point('1-09', { conversationsNew: 42 }),
  point('5-14', { conversationsNew: 7 }),
]);

const leaderboard = report('agent', [
  point(
    'u-smith',
    {
      conversationsAccepted: 640,
      conversationsClosed: 600,
      firstResponseAvg: 35,
      satisfactionAvg: 4.5,
      ratings: 200,
      callsAnswered: 31,
      callTalkTimeAvg: 130,
    },
    'Agent Smith',
  ),
  point(
    'u-evil',
    {
      conversationsAccepted: 360,
      conversationsClosed: 350,
      firstResponseAvg: 50,
      satisfactionAvg: null,
      ratings: 0,
    },
    HOSTILE,
  ),
  point('', { conversationsAccepted: 0, conversationsClosed: 12 }, 'No agent'),
]);

const drillRow = (index: number): StatisticDrillRow => ({
  tid: `t-${index}`,
  cycle: 1,
  at: Date.UTC(2026, 10, 25, 9, index),
  visitor: { vid: `v-${index}`, nickname: index === 1 ? 'Ann' : `Visitor ${index}` },
  agent: { uid: 'u-smith', nickname: 'Agent Smith' },
  workGroup: { wid: 'w-sales', nickname: 'Sales' },
  channel: 'weixin',
  status: 'closed',
});

const empty: StatisticOnline = {
  ...report('day', [point('2026-11-25', {})]),
  totals: Object.fromEntries(
    Object.keys(totals).map((key) => [
      key,
      key.endsWith('Avg') || key.endsWith('Share') || key.endsWith('Rate') || key.endsWith('P90') ? null : 0,
    ]),
  ),
  previous: { from: '2026-09-27', to: '2026-10-26', totals: {}, change: {} },
};

type Answers = { summary?: () => unknown };

let seen: Recorded[] = [];
const start = (answers: Answers = {}) => {
  seen = stubFetch({
    'GET /api/statistic/metrics': () => registry,
    'GET /api/statistic/online': (request) => {
      const groupBy = request.params.get('groupBy') as StatisticOnline['groupBy'];
      if (groupBy === 'weekdayHour') return heatmap;
      if (groupBy === 'agent') return leaderboard;
      return answers.summary ? answers.summary() : summary(groupBy);
    },
    'GET /api/statistic/drill': (request) => ({
      ...page([drillRow(1), drillRow(2)], 25),
      number: Number(request.params.get('page')),
    }),
    'GET /api/statistic/export': () =>
      new Response('xlsx', {
        status: 200,
        headers: { 'Content-Disposition': 'attachment; filename="statistics.xlsx"' },
      }),
    'GET /api/workgroup/all': () => workgroupOptions,
    'GET /api/user/get/all': () => agentOptions,
    'GET /api/thread/transcript': () => ({
      thread: makeThread({ tid: 't-1' }),
      messages: [makeMessage({ content: 'Where is my parcel?' })],
    }),
  });
};

/** The requests to `path` as their parameters (without the console's `client=web`). */
const paramsOf = (path: string): URLSearchParams[] =>
  seen
    .filter((request) => request.path === path)
    .map((request) => {
      const params = new URLSearchParams(request.params);
      params.delete('client');
      return params;
    });
const onlineBy = (groupBy: string) =>
  paramsOf('/api/statistic/online').filter((params) => params.get('groupBy') === groupBy);

const cardOf = (title: string): HTMLElement => {
  const card = screen.getByText(title, { selector: '.ant-statistic-title *' }).closest('.ant-card');
  if (!card) throw new Error(`no card ${title}`);
  return card as HTMLElement;
};

const defaultFrom = () => dayjs().subtract(29, 'day').format('YYYY-MM-DD');
const today = () => dayjs().format('YYYY-MM-DD');

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('AnalysisPage', { timeout: 60_000 }, () => {
  it("shows the server's figures with their change and definitions, for the default period", async () => {
    const user = setupUser();
    start();
    renderWithProviders(<AnalysisPage />);

    expect(await screen.findByText('1,234')).toBeInTheDocument();
    const fresh = cardOf('New conversations');
    const up = within(fresh).getByText('+12.5% vs the previous period');
    expect(up.closest('.ant-typography')).toHaveClass('ant-typography-success');
    // A rise in missed conversations is bad news.
    const missed = within(cardOf('Missed')).getByText('+20% vs the previous period');
    expect(missed.closest('.ant-typography')).toHaveClass('ant-typography-danger');
    // A fall in the response time is good news.
    const faster = within(cardOf('Average first response')).getByText('−10% vs the previous period');
    expect(faster.closest('.ant-typography')).toHaveClass('ant-typography-success');
    expect(within(cardOf('Average first response')).getByText('42 s')).toBeInTheDocument();
    expect(within(cardOf('Average resolution time')).getByText('1 h 2 min')).toBeInTheDocument();
    expect(within(cardOf('Abandonment rate')).getByText('4.5%')).toBeInTheDocument();
    expect(cardOf('Average satisfaction').querySelector('.ant-statistic-content-value')).toHaveTextContent(
      /^4\.25$/,
    );
    expect(
      within(cardOf('Average satisfaction')).getByText('Nothing to compare with in the previous period'),
    ).toBeInTheDocument();
    expect(screen.getByText('Changes compare with 2026-09-27 – 2026-10-26.')).toBeInTheDocument();
    // A figure the registry cannot drill into offers no link.
    expect(within(cardOf('Abandonment rate')).queryByRole('button')).toBeNull();

    // Each figure's definition and formula, from the registry, behind its info icon.
    const hint = within(fresh).getByLabelText(
      'Conversations visitors started, counting a reopened one again. How it is computed: created + reopened events',
    );
    await user.hover(hint);
    expect(await screen.findByText('How it is computed: created + reopened events')).toBeInTheDocument();
    expect(
      screen.getByText('Conversations visitors started, counting a reopened one again.', {
        selector: '.ant-tooltip *',
      }),
    ).toBeInTheDocument();

    // The summary call: the period's local days in the browser's zone, compared with the previous period.
    const first = onlineBy('day')[0] as URLSearchParams;
    expect(first.get('from')).toBe(defaultFrom());
    expect(first.get('to')).toBe(today());
    expect(first.get('tz')).toBe(browserTimeZone());
    expect(first.get('compare')).toBe('true');
    expect(first.get('metrics')?.split(',')).toEqual(
      expect.arrayContaining(['conversationsNew', 'responseUnder1m', 'satisfaction5', 'ratedShare']),
    );
    expect(first.get('wid')).toBeNull();
    expect(onlineBy('weekdayHour')[0]?.get('metrics')).toBe('conversationsNew');
    expect(onlineBy('agent')[0]?.get('compare')).toBe('false');
  });

  it('draws the trends, buckets, satisfaction and busiest hours, and ranks the agents', async () => {
    start();
    renderWithProviders(<AnalysisPage />);
    await screen.findByText('1,234');
    expect(screen.getByRole('img', { name: 'Conversations over time' }).querySelector('svg')).not.toBeNull();
    expect(screen.getByRole('img', { name: 'Waiting and response times over time' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'First response time' })).toBeInTheDocument();
    expect(
      screen.getByText('1,000 first responses: < 1 min 700, 1–3 min 200, 3–5 min 60, ≥ 5 min 40.'),
    ).toBeInTheDocument();
    expect(
      screen.getAllByText('400 ratings, average 4.25, 40% of closed conversations rated.').length,
    ).toBeGreaterThan(0);
    expect(await screen.findByRole('img', { name: 'Busiest hours' })).toBeInTheDocument();
    expect(screen.getByText('Busiest: Monday at 09:00 with 42 new conversations.')).toBeInTheDocument();

    // The leaderboard: agents in the server's order, "no agent" left out, names as text.
    expect(await screen.findByText('Agent Smith')).toBeInTheDocument();
    expect(rowOf('Agent Smith')).toHaveTextContent('1Agent Smith640600');
    expect(screen.getByText(HOSTILE)).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.queryByText('No agent')).toBeNull();
  });

  it('shows the calls by outcome, media and talk time, and per agent', async () => {
    start();
    renderWithProviders(<AnalysisPage />);
    expect(await screen.findByRole('img', { name: 'Voice and video calls' })).toBeInTheDocument();
    expect(
      screen.getAllByText(
        '50 calls (30 voice, 20 video): 40 answered, 10 not answered, answer rate 80%; average talk time 1 min 35 s, 1 h 3 min in all.',
      ).length,
    ).toBeGreaterThan(0);
    // The chart's table: each outcome with its count and share (no drill-down behind calls).
    const table = screen.getByRole('img', { name: 'Voice and video calls' }).closest('figure') as HTMLElement;
    expect(within(table).getByText('Answered').closest('tr')).toHaveTextContent('Answered4080%');
    expect(within(table).getByText('No answer').closest('tr')).toHaveTextContent('No answer48%');
    expect(within(table).getByText('Declined').closest('tr')).toHaveTextContent('Declined36%');
    expect(within(table).queryByRole('button')).toBeNull();
    // The leaderboard's call columns.
    expect(await screen.findByText('Agent Smith')).toBeInTheDocument();
    expect(rowOf('Agent Smith')).toHaveTextContent('312 min 10 s');
    const query = onlineBy('day')[0];
    expect(query?.get('metrics')?.split(',')).toEqual(
      expect.arrayContaining(['callsStarted', 'callsTimeout', 'callTalkTimeAvg', 'callTalkTimeTotal']),
    );
    expect(onlineBy('agent')[0]?.get('metrics')?.split(',')).toEqual(
      expect.arrayContaining(['callsAnswered', 'callTalkTimeAvg']),
    );
  });

  it('sends the chosen group, agent, channel and granularity with every call', async () => {
    const user = setupUser();
    start();
    renderWithProviders(<AnalysisPage />);
    await screen.findByText('1,234');

    await pickOption(user, document.body, 'Skill group', 'Support');
    await pickOption(user, document.body, 'Agent', 'Agent Smith');
    await pickOption(user, document.body, 'Channel', 'WeChat');
    await user.click(screen.getByText('Week'));

    await waitFor(() => expect(onlineBy('week').length).toBeGreaterThan(0));
    const weekly = onlineBy('week').at(-1) as URLSearchParams;
    expect(weekly.get('wid')).toBe('w-support');
    expect(weekly.get('uid')).toBe('u-smith');
    expect(weekly.get('channel')).toBe('weixin');
    for (const groupBy of ['weekdayHour', 'agent']) {
      const last = onlineBy(groupBy).at(-1) as URLSearchParams;
      expect([last.get('wid'), last.get('uid'), last.get('channel')]).toEqual([
        'w-support',
        'u-smith',
        'weixin',
      ]);
    }
    // Robots are not offered as agents.
    await user.click(screen.getByLabelText('Agent'));
    expect(screen.queryByText('Robo', { selector: '.ant-select-item-option *' })).toBeNull();
  });

  it('lists the conversations behind a figure, paged, and opens one', async () => {
    const user = setupUser();
    setProfile(adminWithPermissions({ 'kefu.thread': ['query'] }));
    start();
    renderWithProviders(<AnalysisPage />);
    await screen.findByText('1,234');

    await user.click(screen.getByRole('button', { name: 'Conversations behind New conversations' }));
    const drawer = await findDialog();
    expect(within(drawer).getByText('Conversations behind “New conversations”')).toBeInTheDocument();
    expect(await within(drawer).findByText('Ann')).toBeInTheDocument();
    expect(within(drawer).getByText('Visitor 2')).toBeInTheDocument();
    expect(within(drawer).getByText(`${defaultFrom()} – ${today()} · 25 conversations`)).toBeInTheDocument();
    expect(within(drawer).getAllByText('WeChat').length).toBe(2);
    const drill = paramsOf('/api/statistic/drill')[0] as URLSearchParams;
    expect(drill.get('metric')).toBe('conversationsNew');
    expect([drill.get('from'), drill.get('to'), drill.get('tz')]).toEqual([
      defaultFrom(),
      today(),
      browserTimeZone(),
    ]);
    expect([drill.get('page'), drill.get('size')]).toEqual(['0', '20']);

    await user.click(within(drawer).getByTitle('2'));
    await waitFor(() => expect(paramsOf('/api/statistic/drill').at(-1)?.get('page')).toBe('1'));

    await user.click(within(rowOf('Ann')).getByText('Open'));
    await waitFor(() =>
      expect(paramsOf('/api/thread/transcript').map((params) => params.get('tid'))).toEqual(['t-1']),
    );
    expect(await screen.findByText('Where is my parcel?')).toBeInTheDocument();
  });

  it("drills into one agent's figure from the leaderboard and into a response bucket", async () => {
    const user = setupUser();
    start();
    renderWithProviders(<AnalysisPage />);
    await screen.findByText('Agent Smith');

    await user.click(within(rowOf('Agent Smith')).getByText('640'));
    const drawer = await findDialog();
    expect(within(drawer).getByText('Conversations behind “Accepted”')).toBeInTheDocument();
    await waitFor(() => expect(paramsOf('/api/statistic/drill')).toHaveLength(1));
    const byAgent = paramsOf('/api/statistic/drill')[0] as URLSearchParams;
    expect([byAgent.get('metric'), byAgent.get('uid')]).toEqual(['conversationsAccepted', 'u-smith']);
    expect(await within(drawer).findByText(/Agent Smith · 25 conversations/)).toBeInTheDocument();
    // Without the records permission there is no transcript to open.
    expect(within(drawer).queryByText('Open')).toBeNull();
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));

    const buckets = screen.getByRole('img', { name: 'First response time' }).closest('figure') as HTMLElement;
    await user.click(within(buckets).getByTitle('Conversations behind First response 3–5 min'));
    await waitFor(() => expect(paramsOf('/api/statistic/drill').at(-1)?.get('metric')).toBe('response3to5m'));
  });

  it('exports the report with the filters, and the leaderboard by agent', async () => {
    const user = setupUser();
    URL.createObjectURL = vi.fn(() => 'blob:statistics');
    URL.revokeObjectURL = vi.fn();
    start();
    renderWithProviders(<AnalysisPage />);
    await screen.findByText('1,234');
    await pickOption(user, document.body, 'Channel', 'Web');

    await user.click(button(document.body, 'Export Excel'));
    await waitFor(() => expect(paramsOf('/api/statistic/export')).toHaveLength(1));
    const file = paramsOf('/api/statistic/export')[0] as URLSearchParams;
    expect(Object.fromEntries(file)).toEqual({
      from: defaultFrom(),
      to: today(),
      tz: browserTimeZone(),
      channel: 'web',
      groupBy: 'day',
    });
    expect(await screen.findByText('Saved statistics.xlsx')).toBeInTheDocument();

    const board = screen.getByText('Agent leaderboard').closest('.ant-card') as HTMLElement;
    await user.click(button(board, 'Export'));
    await waitFor(() => expect(paramsOf('/api/statistic/export').at(-1)?.get('groupBy')).toBe('agent'));
  });

  it('shows empty states, in Chinese', async () => {
    await changeLanguage('zh-CN');
    seen = stubFetch({
      'GET /api/statistic/metrics': () => registry,
      'GET /api/statistic/online': (request) =>
        request.params.get('groupBy') === 'day'
          ? empty
          : report(request.params.get('groupBy') as 'agent', []),
    });
    renderWithProviders(<AnalysisPage />);
    expect(await screen.findByText('该时间段没有会话。')).toBeInTheDocument();
    expect(await screen.findByText('该时间段没有客服接待会话。')).toBeInTheDocument();
    expect(screen.getAllByText('该时间段暂无数据。').length).toBe(6);
    expect(
      screen.getAllByText(
        '通话 0 通（语音 0，视频 0）：接通 0，未接通 0，接通率 —；平均通话时长 —，共 0 秒。',
      ).length,
    ).toBeGreaterThan(0);
    expect(screen.queryByRole('img', { name: '会话趋势' })).toBeNull();
    expect(within(cardOf('New conversations')).getByText('0')).toBeInTheDocument();
    expect(within(cardOf('Average first response')).getByText('—')).toBeInTheDocument();
    expect(within(cardOf('New conversations')).getByText('上一周期无可比数据')).toBeInTheDocument();
    // Nothing behind a zero to open.
    expect(within(cardOf('New conversations')).queryByRole('button')).toBeNull();
    // Without rights to the group and agent lists, those pickers stay away.
    expect(screen.queryByLabelText('技能组')).toBeNull();
    expect(screen.getByLabelText('渠道')).toBeInTheDocument();
  });

  it('says what went wrong and retries', async () => {
    const user = setupUser();
    let fail = true;
    start({
      summary: () => (fail ? errorResponse(400, 'The range is longer than 366 days') : summary('day')),
    });
    renderWithProviders(<AnalysisPage />);
    expect(await screen.findByText('Could not load the statistics')).toBeInTheDocument();
    expect(screen.getByText('The range is longer than 366 days')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1,234')).toBeInTheDocument();
  });

  it('narrows a trend point to its days', () => {
    const period = { from: '2026-11-05', to: '2026-11-25' };
    expect(daysOfPoint('2026-11-24 09:00', 'hour', period)).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(daysOfPoint('2026-11-24', 'day', period)).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(daysOfPoint('2026-11-03', 'week', period)).toEqual({ from: '2026-11-05', to: '2026-11-09' });
    expect(daysOfPoint('2026-11-24', 'week', period)).toEqual({ from: '2026-11-24', to: '2026-11-25' });
  });
});
