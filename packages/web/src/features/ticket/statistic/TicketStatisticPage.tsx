import '../shared/i18n';
import '../shared/ticket.css';
import { useMemo, useState } from 'react';
import { App, Button, Card, Col, Row } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TicketSource, TicketStatistic } from '@openkefu/contract';
import {
  EChart,
  StatisticPeriodPicker,
  dailyChartOption,
  defaultStatisticRange,
  rangeBounds,
  type ChartOption,
  type StatisticRange,
  KpiCards,
  StatisticQueryView,
} from '../../../shared/charts';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { useCan } from '../../../shared/components/Authorized';
import { exportTicketStatistic, fetchTicketStatistic } from '../shared/api';
import { TICKET_NS } from '../shared/i18n';

const percent = (rate: number | null): string => (rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`);

/** Milliseconds as hours (one decimal) or minutes under an hour; '—' without any. */
const useDuration = () => {
  const { t } = useTranslation(TICKET_NS);
  return (ms: number | null): string => {
    if (ms === null) return '—';
    const minutes = ms / 60_000;
    if (minutes < 60) return t('statistic.minutes', { value: Math.round(minutes) });
    return t('statistic.hours', { value: Math.round(minutes / 6) / 10 });
  };
};

type CountRow = TicketStatistic['byStatus'][number];

/**
 * Tickets → statistics (`statistic`, debug-only) and feedback statistics (`fdstatistic`, source
 * feedback): created, resolved and backlog by day; counts by status, priority, assignee and group.
 */
export const TicketStatisticView = ({ source }: { source?: TicketSource }) => {
  const { t } = useTranslation(TICKET_NS);
  const [range, setRange] = useState<StatisticRange>(defaultStatisticRange);
  const { from, to } = rangeBounds(range);
  const query = useQuery({
    queryKey: ['ticket', 'statistic', source ?? 'all', from, to],
    queryFn: () => fetchTicketStatistic(from, to, source),
    placeholderData: keepPreviousData,
  });
  const { message } = App.useApp();
  const canExport = useCan()('ticket.statistic.export');
  const download = useMutation({
    mutationFn: () => exportTicketStatistic(from, to, source),
    onSuccess: (file) => message.success(t('statistic.exported', { file: file.fileName })),
    onError: reportUnlessHandled,
  });

  return (
    <div className="ok-ticket-section">
      <div className="ok-ticket-toolbar">
        <StatisticPeriodPicker value={range} onChange={setRange} />
        {canExport && (
          <Button icon={<DownloadOutlined />} loading={download.isPending} onClick={() => download.mutate()}>
            {t('statistic.export')}
          </Button>
        )}
      </div>
      <StatisticQueryView query={query} errorTitle={t('statistic.loadFailed')}>
        {(data) => <Figures data={data} />}
      </StatisticQueryView>
    </div>
  );
};

const Figures = ({ data }: { data: TicketStatistic }) => {
  const { t } = useTranslation(TICKET_NS);
  const duration = useDuration();
  const { byDay } = data;
  const hasDays = byDay.some((day) => day.created + day.resolved + day.backlog > 0);

  const dayOption = useMemo<ChartOption>(
    () =>
      dailyChartOption(
        byDay.map((day) => day.date),
        [
          { type: 'bar', name: t('statistic.created'), data: byDay.map((day) => day.created) },
          { type: 'bar', name: t('statistic.resolved'), data: byDay.map((day) => day.resolved) },
          { type: 'line', name: t('statistic.backlog'), data: byDay.map((day) => day.backlog) },
        ],
      ),
    [byDay, t],
  );

  const kpis = [
    { key: 'total', title: t('statistic.total'), value: data.total },
    { key: 'fr', title: t('statistic.medianFirstResponse'), value: duration(data.medianFirstResponseMs) },
    { key: 'res', title: t('statistic.medianResolution'), value: duration(data.medianResolutionMs) },
    { key: 'sla', title: t('statistic.slaBreachRate'), value: percent(data.slaBreachRate) },
  ];

  return (
    <>
      <KpiCards items={kpis} />
      <Card size="small" title={t('statistic.byDay')}>
        <EChart
          option={dayOption}
          ariaLabel={t('statistic.byDay')}
          isEmpty={!hasDays}
          summary={t('statistic.byDaySummary', {
            created: byDay.reduce((sum, day) => sum + day.created, 0),
            resolved: byDay.reduce((sum, day) => sum + day.resolved, 0),
            days: byDay.length,
          })}
          table={{
            columns: [
              t('statistic.day'),
              t('statistic.created'),
              t('statistic.resolved'),
              t('statistic.backlog'),
            ],
            rows: byDay.map((day) => [day.date, day.created, day.resolved, day.backlog]),
          }}
        />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <CountChart
            title={t('statistic.byStatus')}
            rows={data.byStatus}
            labelOf={(row) => t(`status.${row.key}`, { defaultValue: row.label })}
          />
        </Col>
        <Col xs={24} xl={12}>
          <CountChart
            title={t('statistic.byPriority')}
            rows={data.byPriority}
            labelOf={(row) => t(`priority.${row.key}`, { defaultValue: row.label })}
          />
        </Col>
        <Col xs={24} xl={12}>
          <CountChart
            title={t('statistic.byAssignee')}
            rows={data.byAssignee}
            labelOf={(row) => row.label || t('unassigned')}
          />
        </Col>
        <Col xs={24} xl={12}>
          <CountChart
            title={t('statistic.byGroup')}
            rows={data.byGroup}
            labelOf={(row) => row.label || t('none')}
          />
        </Col>
      </Row>
    </>
  );
};

const CountChart = ({
  title,
  rows,
  labelOf,
}: {
  title: string;
  rows: CountRow[];
  labelOf: (row: CountRow) => string;
}) => {
  const { t } = useTranslation(TICKET_NS);
  const option = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 100, right: 16, top: 16, bottom: 28 },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', data: rows.map(labelOf) },
      series: [{ type: 'bar', name: t('statistic.count'), data: rows.map((row) => row.count) }],
    }),
    [rows, labelOf, t],
  );
  return (
    <Card size="small" title={title}>
      <EChart
        option={option}
        ariaLabel={title}
        isEmpty={rows.every((row) => row.count === 0)}
        summary={t('statistic.countSummary', {
          total: rows.reduce((sum, row) => sum + row.count, 0),
          groups: rows.length,
        })}
        table={{
          columns: [title, t('statistic.count')],
          rows: rows.map((row) => [labelOf(row), row.count]),
        }}
      />
    </Card>
  );
};

export const TicketStatisticPage = () => <TicketStatisticView />;
export const FeedbackStatisticPage = () => <TicketStatisticView source="feedback" />;
