import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import type { StatisticMetric, StatisticOnline, StatisticPoint, StatisticValues } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { setupUser } from '../../../shared/testing/dom';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import {
  adminWithPermissions,
  errorResponse,
  stubFetch,
  type Recorded,
} from '../../../shared/testing/stubFetch';
import { AnalysisPage } from './AnalysisPage';

const metric = (
  key: StatisticMetric['key'],
  label: string,
  unit: StatisticMetric['unit'],
  higherIsBetter = true,
): StatisticMetric => ({
  key,
  label,
  unit,
  higherIsBetter,
  category: 'conversation',
  description: `${label} — what it means`,
  formula: 'x',
  canDrill: false,
  source: 'rollup',
});

const registry: StatisticMetric[] = [
  metric('conversationsNew', 'New conversations', 'count'),
  metric('conversationsAccepted', 'Accepted', 'count'),
  metric('conversationsMissed', 'Missed', 'count', false),
  metric('visitors', 'Visitors', 'count'),
  metric('firstResponseAvg', 'First response (average)', 'seconds', false),
  metric('queueTimeAvg', 'Queue time (average)', 'seconds', false),
  metric('satisfactionAvg', 'Satisfaction (average)', 'score'),
  metric('ratings', 'Ratings', 'count'),
  metric('ratedShare', 'Rated share', 'share'),
];

const today = dayjs().format('YYYY-MM-DD');
const yesterday = dayjs().subtract(1, 'day').format('YYYY-MM-DD');

const report = (
  request: Recorded,
  series: StatisticPoint[],
  totals: StatisticValues,
  previous?: StatisticValues,
): StatisticOnline => ({
  from: request.params.get('from') ?? '',
  to: request.params.get('to') ?? '',
  tz: request.params.get('tz') ?? 'UTC',
  groupBy: (request.params.get('groupBy') ?? 'day') as StatisticOnline['groupBy'],
  metrics: [],
  series,
  totals: totals as Record<string, number | null>,
  previous: previous
    ? { from: '', to: '', totals: previous as Record<string, number | null>, change: {} }
    : null,
  isExact: true,
});

const point = (key: string, values: StatisticValues, label = key): StatisticPoint => ({
  key,
  label,
  values: values as Record<string, number | null>,
});

/** Answers /online by its grouping, like the server would for a small organisation. */
const answerOnline = (request: Recorded): StatisticOnline => {
  const groupBy = request.params.get('groupBy');
  if (groupBy === 'hour')
    return report(
      request,
      [
        point(`${yesterday} 09:00`, { conversationsNew: 4 }),
        point(`${today} 00:00`, { conversationsNew: 2 }),
      ],
      {},
    );
  if (groupBy === 'channel')
    return report(
      request,
      [
        point('web', { conversationsNew: 30 }),
        point('wap', { conversationsNew: 10 }),
        point('', { conversationsNew: 0 }),
      ],
      {},
    );
  if (groupBy === 'weekdayHour')
    return report(
      request,
      [
        point('1-14', { conversationsNew: 5 }),
        point('3-14', { conversationsNew: 6 }),
        point('2-09', { conversationsNew: 4 }),
      ],
      {},
    );
  if (request.params.get('from') === today)
    return report(
      request,
      [point(today, {})],
      {
        conversationsNew: 12,
        conversationsAccepted: 10,
        conversationsMissed: 2,
        visitors: 11,
        firstResponseAvg: 90,
        queueTimeAvg: null,
        satisfactionAvg: 4.5,
      },
      {
        conversationsNew: 10,
        conversationsAccepted: 10,
        conversationsMissed: 1,
        visitors: 9,
        firstResponseAvg: 60,
        queueTimeAvg: 20,
        satisfactionAvg: 4,
      },
    );
  // The trend: by day over the period.
  const from = dayjs(request.params.get('from'));
  const days = dayjs(request.params.get('to')).diff(from, 'day') + 1;
  return report(
    request,
    Array.from({ length: days }, (_, index) =>
      point(from.add(index, 'day').format('YYYY-MM-DD'), {
        conversationsNew: index + 1,
        conversationsAccepted: index,
        conversationsMissed: 1,
      }),
    ),
    {
      conversationsNew: 28,
      conversationsAccepted: 21,
      conversationsMissed: 7,
      firstResponseAvg: 75,
      satisfactionAvg: 4.2,
      ratings: 10,
      ratedShare: 0.25,
      satisfaction5: 6,
      satisfaction4: 2,
      satisfaction3: 1,
      satisfaction2: 0,
      satisfaction1: 1,
    },
    { conversationsNew: 20, conversationsAccepted: 20, conversationsMissed: 0, firstResponseAvg: 75 },
  );
};

let seen: Recorded[] = [];

beforeEach(() => {
  setProfile(adminWithPermissions({}, { authorities: ['home', 'statistic'] }));
  seen = stubFetch({
    'GET /api/statistic/metrics': () => registry,
    'GET /api/statistic/online': answerOnline,
  });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

const onlineRequests = () => seen.filter((request) => request.path === '/api/statistic/online');
const cardOf = (title: string) => screen.getByText(title).closest('.ant-card') as HTMLElement;
/** The headline figure titled `title` (its name also labels chart lines and table columns). */
const figureOf = (container: HTMLElement, title: string): HTMLElement => {
  const found = [...container.querySelectorAll<HTMLElement>('.ok-dashboard-figure')].find(
    (figure) => figure.querySelector('.ant-statistic-title')?.textContent?.trim() === title,
  );
  if (!found) throw new Error(`no figure ${title}`);
  return found;
};

describe('AnalysisPage', { timeout: 60_000 }, () => {
  it('compares today with yesterday through the metric registry, good news green and bad news red', async () => {
    renderWithProviders(<AnalysisPage />);
    const todayCard = (await screen.findByText('Today so far, against yesterday')).closest(
      '.ant-card',
    ) as HTMLElement;
    const fresh = await waitFor(() => figureOf(todayCard, 'New conversations'));
    expect(fresh).toHaveTextContent('12');
    expect(fresh).toHaveTextContent('Yesterday: 10');
    expect(within(fresh).getByText(/\+20%/)).toHaveClass('ant-typography-success');
    // Slower first response: a rise that is bad news.
    const response = figureOf(todayCard, 'First response (average)');
    expect(response).toHaveTextContent('1m 30s');
    expect(within(response).getByText(/\+50%/)).toHaveClass('ant-typography-danger');
    // More missed conversations is bad news too; no queue figure today shows a dash.
    expect(within(figureOf(todayCard, 'Missed')).getByText(/\+100%/)).toHaveClass('ant-typography-danger');
    expect(figureOf(todayCard, 'Queue time (average)')).toHaveTextContent('—');
    expect(within(todayCard).getByLabelText('Visitors — what it means')).toBeInTheDocument();

    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const todayRequest = onlineRequests().find(
      (request) => request.params.get('from') === today && request.params.get('groupBy') === 'day',
    );
    expect(todayRequest?.params.get('to')).toBe(today);
    expect(todayRequest?.params.get('tz')).toBe(tz);
    expect(todayRequest?.params.get('compare')).toBe('true');
    expect(todayRequest?.params.get('metrics')?.split(',')).toContain('visitors');
  });

  it('draws the hours, the trend, channels, busiest hours and satisfaction, each with its table', async () => {
    renderWithProviders(<AnalysisPage />);
    expect(
      await screen.findByRole('img', { name: 'New conversations by hour: today and yesterday' }),
    ).toBeInTheDocument();
    expect(screen.getByText('2 new conversations today so far, 4 yesterday.')).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Conversations by day over the last 7 days' }),
    ).toBeInTheDocument();
    expect(screen.getByText('28 new conversations over 7 days.')).toBeInTheDocument();
    expect(figureOf(cardOf('Trend'), 'Accepted')).toHaveTextContent('Previous 7 days: 20');

    const channels = await screen.findByRole('img', { name: 'New conversations by channel' });
    expect(channels).toBeInTheDocument();
    expect(screen.getByText('Most conversations came through Web (75%).')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Mobile web' })).toBeInTheDocument();

    expect(screen.getByRole('img', { name: 'New conversations by hour of day' })).toBeInTheDocument();
    expect(screen.getByText('The busiest hour starts at 14:00.')).toBeInTheDocument();

    expect(screen.getByText('Average 4.2 from 10 ratings; 25% of conversations rated.')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: '5 stars' }).closest('tr')).toHaveTextContent('6');
    expect(screen.getByRole('rowheader', { name: '1 star' }).closest('tr')).toHaveTextContent('1');
  });

  it('switches the trend, channels, hours and satisfaction to 30 days', async () => {
    const user = setupUser();
    renderWithProviders(<AnalysisPage />);
    await screen.findByText('28 new conversations over 7 days.');
    await user.click(screen.getByText('Last 30 days'));
    expect(await screen.findByText('28 new conversations over 30 days.')).toBeInTheDocument();
    const from = dayjs().subtract(29, 'day').format('YYYY-MM-DD');
    const grouped = onlineRequests()
      .filter((request) => request.params.get('from') === from)
      .map((request) => request.params.get('groupBy'))
      .sort();
    expect(grouped).toEqual(['channel', 'day', 'weekdayHour']);
    expect(screen.getByText('Channels (last 30 days)')).toBeInTheDocument();
  });

  it('shows empty charts for a quiet organisation', async () => {
    stubFetch({
      'GET /api/statistic/metrics': () => registry,
      'GET /api/statistic/online': (request) => report(request, [], {}, {}),
    });
    renderWithProviders(<AnalysisPage />);
    await waitFor(() => expect(screen.getAllByText('No data for this period.').length).toBe(5));
    expect(document.querySelector('.ok-chart__canvas')).toBeNull();
    expect(screen.getByText('Average — from 0 ratings; — of conversations rated.')).toBeInTheDocument();
  });

  it('says what is missing to a user without statistics, and asks nothing', () => {
    setProfile(adminWithPermissions({}, { authorities: ['home', 'chat'] }));
    renderWithProviders(<AnalysisPage />);
    expect(screen.getByText('The analysis needs access to statistics')).toBeInTheDocument();
    expect(seen).toHaveLength(0);
  });

  it('shows the error with a retry, in Chinese', async () => {
    await changeLanguage('zh-CN');
    let isDown = true;
    stubFetch({
      'GET /api/statistic/metrics': () => registry,
      'GET /api/statistic/online': (request) =>
        isDown ? errorResponse(500, '服务器开小差了') : answerOnline(request),
    });
    const user = setupUser();
    renderWithProviders(<AnalysisPage />);
    const failures = await screen.findAllByText('数据加载失败');
    expect(failures.length).toBeGreaterThan(0);
    isDown = false;
    const retry = within(failures[0]?.closest('.ant-alert') as HTMLElement).getByRole('button', {
      name: /重\s?试/,
    });
    await user.click(retry);
    expect(screen.getByText('今日（截至目前）对比昨日')).toBeInTheDocument();
    expect((await screen.findAllByText('昨日：10')).length).toBe(2);
  });
});
