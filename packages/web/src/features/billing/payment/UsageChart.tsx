import { useMemo, useState } from 'react';
import dayjs from 'dayjs';
import { Card, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UsageDay } from '@openkefu/contract';
import {
  EChart,
  StatisticPeriodPicker,
  defaultStatisticRange,
  type ChartOption,
  type StatisticRange,
} from '../../../shared/charts';
import { useLanguage } from '../../../shared/i18n';
import { fetchUsage, USAGE_QUERY_KEY } from '../api';
import { LoadError } from '../components/LoadError';
import { BILLING_NS } from '../i18n';
import { formatTokens } from '../shared/money';

/** Seats (bars, left axis) and large-model tokens (line, right axis) per day: two scales apart. */
export const usageChartOption = (
  days: UsageDay[],
  names: { seats: string; tokens: string },
): ChartOption => ({
  tooltip: { trigger: 'axis' },
  legend: { top: 0 },
  grid: { left: 40, right: 56, top: 36, bottom: 28 },
  xAxis: { type: 'category', data: days.map((day) => day.day) },
  yAxis: [
    { type: 'value', minInterval: 1, name: names.seats },
    { type: 'value', minInterval: 1, name: names.tokens, splitLine: { show: false } },
  ],
  series: [
    { name: names.seats, type: 'bar', data: days.map((day) => day.seats), yAxisIndex: 0 },
    { name: names.tokens, type: 'line', data: days.map((day) => day.tokens), yAxisIndex: 1 },
  ],
});

/** Every day of the period, those without usage as zeros: the chart's axis has no gaps. */
export const fillDays = (from: string, to: string, days: UsageDay[]): UsageDay[] => {
  const byDay = new Map(days.map((day) => [day.day, day]));
  const filled: UsageDay[] = [];
  const last = dayjs(to);
  // At most a year and a day (the picker's limit): a bad range cannot loop on.
  for (let day = dayjs(from); !day.isAfter(last) && filled.length <= 366; day = day.add(1, 'day')) {
    const key = day.format('YYYY-MM-DD');
    filled.push(byDay.get(key) ?? { day: key, seats: 0, tokens: 0 });
  }
  return filled;
};

/** Settings → bills: what the organisation used per day, which the month's bill is made of. */
export const UsageChart = () => {
  const { t } = useTranslation(BILLING_NS);
  const language = useLanguage();
  const [range, setRange] = useState<StatisticRange>(defaultStatisticRange);
  const from = range[0].format('YYYY-MM-DD');
  const to = range[1].format('YYYY-MM-DD');
  const usage = useQuery({ queryKey: [...USAGE_QUERY_KEY, from, to], queryFn: () => fetchUsage(from, to) });
  const seatsName = t('usage.seats');
  const tokensName = t('usage.tokens');
  const days = useMemo(
    () => (usage.data ? fillDays(from, to, usage.data) : undefined),
    [usage.data, from, to],
  );
  const option = useMemo(
    () => usageChartOption(days ?? [], { seats: seatsName, tokens: tokensName }),
    [days, seatsName, tokensName],
  );
  return (
    <Card title={t('usage.title')} extra={<StatisticPeriodPicker value={range} onChange={setRange} />}>
      {usage.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : usage.isError ? (
        <LoadError error={usage.error} onRetry={() => void usage.refetch()} />
      ) : days === undefined ? null : (
        <EChart
          option={option}
          ariaLabel={t('usage.chartLabel')}
          isEmpty={days.every((day) => day.seats === 0 && day.tokens === 0)}
          summary={t('usage.summary', {
            seats: Math.max(0, ...days.map((day) => day.seats)),
            tokens: formatTokens(
              days.reduce((sum, day) => sum + day.tokens, 0),
              language,
            ),
          })}
          table={{
            columns: [t('usage.day'), seatsName, tokensName],
            rows: days.map((day) => [day.day, day.seats, day.tokens.toLocaleString(language)]),
          }}
        />
      )}
    </Card>
  );
};
