import './i18n';
import './analysis.css';
import { useCallback, useMemo, useState } from 'react';
import { Alert, App, Button, Card, Col, Row, Segmented, Select, Space, Tooltip, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Client, StatisticGroupBy, StatisticMetricKey, StatisticOnline } from '@openkefu/contract';
import {
  KpiCards,
  StatisticPeriodPicker,
  StatisticQueryView,
  defaultStatisticRange,
  type KpiItem,
  type StatisticRange,
} from '../../../shared/charts';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { CLIENT_VALUES } from '../../kefu/thread/filters';
import { useClientLabel } from '../../kefu/thread/display';
import {
  exportStatistic,
  fetchAgentChoices,
  fetchMetricRegistry,
  fetchOnline,
  fetchWorkgroupChoices,
  type StatisticFilters,
} from './api';
import {
  CallOutcomes,
  ResponseBuckets,
  SatisfactionDistribution,
  TrendCharts,
  WeekdayHourHeatmap,
} from './AnalysisCharts';
import { DrillDrawer, type DrillTarget } from './DrillDrawer';
import {
  HEATMAP_METRIC,
  KPI_METRICS,
  LEADERBOARD_METRICS,
  MAX_HOURLY_DAYS,
  SUMMARY_METRICS,
  browserTimeZone,
  daysOfPoint,
  describeWith,
  useFigureFormat,
  type DrillRequest,
  type Granularity,
  type MetricInfo,
} from './figures';
import { STATISTIC_ANALYSIS_NS } from './i18n';
import { Leaderboard } from './Leaderboard';

/** The channels a visitor comes from (the console's own clients never start a conversation). */
const CHANNELS = CLIENT_VALUES.filter(
  (client): client is Exclude<Client, `${string}_admin` | 'system'> =>
    !client.endsWith('_admin') && client !== 'system',
);

const noMetrics: never[] = [];

/**
 * Statistics → online service (`/stable/statictic/analysis`): the figures of issue 17 for a period,
 * skill group, agent and channel — headline cards against the previous period, trends, busiest
 * hours, the agent leaderboard, first-response buckets and satisfaction — every figure explained
 * by the server's metric registry, drilling down to its conversations, exportable to Excel.
 */
export const AnalysisPage = () => {
  const { t, i18n } = useTranslation(STATISTIC_ANALYSIS_NS);
  const { message } = App.useApp();
  const language = i18n.language;
  const clientLabel = useClientLabel();
  const [range, setRange] = useState<StatisticRange>(defaultStatisticRange);
  const [wid, setWid] = useState<string | undefined>(undefined);
  const [uid, setUid] = useState<string | undefined>(undefined);
  const [channel, setChannel] = useState<string | undefined>(undefined);
  const [chosenGranularity, setGranularity] = useState<Granularity>('day');
  const [drill, setDrill] = useState<DrillTarget | null>(null);

  const days = range[1].startOf('day').diff(range[0].startOf('day'), 'day') + 1;
  const granularity: Granularity =
    chosenGranularity === 'hour' && days > MAX_HOURLY_DAYS ? 'day' : chosenGranularity;
  const filters = useMemo<StatisticFilters>(
    () => ({
      from: range[0].format('YYYY-MM-DD'),
      to: range[1].format('YYYY-MM-DD'),
      tz: browserTimeZone(),
      ...(wid ? { wid } : {}),
      ...(uid ? { uid } : {}),
      ...(channel ? { channel } : {}),
    }),
    [range, wid, uid, channel],
  );

  const registry = useQuery({
    queryKey: ['statistic', 'metrics', language],
    queryFn: fetchMetricRegistry,
    staleTime: 10 * 60_000,
  });
  const describe = useMemo(() => describeWith(registry.data ?? noMetrics), [registry.data]);
  const online = (
    groupBy: StatisticGroupBy,
    metrics: readonly StatisticMetricKey[],
    isCompared: boolean,
  ) => ({
    queryKey: ['statistic', 'online', groupBy, metrics, isCompared, filters, language],
    queryFn: () => fetchOnline(filters, groupBy, metrics, isCompared),
    placeholderData: keepPreviousData,
  });
  const summary = useQuery(online(granularity, SUMMARY_METRICS, true));
  const heatmap = useQuery(online('weekdayHour', [HEATMAP_METRIC], false));
  const leaderboard = useQuery(online('agent', LEADERBOARD_METRICS, false));

  const workgroups = useQuery({
    queryKey: ['statistic', 'workgroups'],
    queryFn: fetchWorkgroupChoices,
    staleTime: 60_000,
    retry: false,
  });
  const agents = useQuery({
    queryKey: ['statistic', 'agents'],
    queryFn: fetchAgentChoices,
    staleTime: 60_000,
    retry: false,
  });
  const groupOptions = (workgroups.data ?? []).map((group) => ({ value: group.wid, label: group.nickname }));
  const agentOptions = (agents.data ?? [])
    .filter((agent) => !agent.robot)
    .map((agent) => ({ value: agent.uid, label: agent.nickname || agent.username }));

  const exporter = useMutation({
    mutationFn: (groupBy: StatisticGroupBy) => exportStatistic(filters, groupBy),
    onSuccess: (file) => message.success(t('exported', { file: file.fileName })),
    onError: reportUnlessHandled,
  });
  const exportButton = (groupBy: StatisticGroupBy, label: string, size: 'middle' | 'small' = 'small') => (
    <Button
      icon={<DownloadOutlined />}
      size={size}
      loading={exporter.isPending && exporter.variables === groupBy}
      onClick={() => exporter.mutate(groupBy)}
    >
      {label}
    </Button>
  );

  const drillOf = useCallback(
    (request: DrillRequest) => {
      if (!describe(request.metric).canDrill) return undefined;
      return () =>
        setDrill({
          metric: request.metric,
          filters: {
            ...filters,
            ...(request.days ?? {}),
            ...(request.agent ? { uid: request.agent.uid } : {}),
          },
          ...(request.agent ? { agentLabel: request.agent.label } : {}),
        });
    },
    [describe, filters],
  );

  return (
    <div className="ok-statistic-analysis">
      <Space wrap className="ok-statistic-analysis__toolbar">
        <StatisticPeriodPicker value={range} onChange={setRange} hasDayPresets />
        {groupOptions.length > 0 && (
          <Select<string>
            id="statistic-analysis-group"
            aria-label={t('filters.group')}
            placeholder={t('filters.allGroups')}
            value={wid}
            onChange={setWid}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 180 }}
            options={groupOptions}
          />
        )}
        {agentOptions.length > 0 && (
          <Select<string>
            id="statistic-analysis-agent"
            aria-label={t('filters.agent')}
            placeholder={t('filters.allAgents')}
            value={uid}
            onChange={setUid}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 180 }}
            options={agentOptions}
          />
        )}
        <Select<string>
          id="statistic-analysis-channel"
          aria-label={t('filters.channel')}
          placeholder={t('filters.allChannels')}
          value={channel}
          onChange={setChannel}
          allowClear
          style={{ width: 180 }}
          options={CHANNELS.map((client) => ({ value: client, label: clientLabel(client) }))}
        />
        <Segmented<Granularity>
          aria-label={t('filters.granularity')}
          value={granularity}
          onChange={setGranularity}
          options={[
            {
              value: 'hour',
              disabled: days > MAX_HOURLY_DAYS,
              label:
                days > MAX_HOURLY_DAYS ? (
                  <Tooltip title={t('filters.hourTooLong', { days: MAX_HOURLY_DAYS })}>
                    {t('filters.hour')}
                  </Tooltip>
                ) : (
                  t('filters.hour')
                ),
            },
            { value: 'day', label: t('filters.day') },
            { value: 'week', label: t('filters.week') },
          ]}
        />
        {exportButton(granularity, t('export'), 'middle')}
      </Space>
      <StatisticQueryView query={registry} errorTitle={t('metricsFailed')}>
        {() => (
          <>
            <StatisticQueryView query={summary} errorTitle={t('loadFailed')}>
              {(data) => (
                <Summary
                  data={data}
                  describe={describe}
                  drillOf={drillOf}
                  granularity={granularity}
                  onPointDrill={(metric, key) =>
                    drillOf({ metric, days: daysOfPoint(key, granularity, filters) })?.()
                  }
                />
              )}
            </StatisticQueryView>
            <Card
              size="small"
              title={t('heatmap.title')}
              extra={exportButton('weekdayHour', t('exportTable'))}
              className="ok-statistic-analysis__section"
            >
              <Typography.Paragraph type="secondary">
                {t('heatmap.hint', { tz: filters.tz })}
              </Typography.Paragraph>
              <StatisticQueryView query={heatmap} errorTitle={t('loadFailed')}>
                {(data) => <WeekdayHourHeatmap data={data} describe={describe} />}
              </StatisticQueryView>
            </Card>
            <Card
              size="small"
              title={t('leaderboard.title')}
              extra={exportButton('agent', t('exportTable'))}
              className="ok-statistic-analysis__section"
            >
              <StatisticQueryView query={leaderboard} errorTitle={t('loadFailed')}>
                {(data) => <Leaderboard data={data} describe={describe} drillOf={drillOf} />}
              </StatisticQueryView>
            </Card>
          </>
        )}
      </StatisticQueryView>
      <DrillDrawer target={drill} describe={describe} onClose={() => setDrill(null)} />
    </div>
  );
};

/** Everything the summary call answers: the cards, the trends, the buckets, satisfaction and calls. */
const Summary = ({
  data,
  describe,
  drillOf,
  granularity,
  onPointDrill,
}: {
  data: StatisticOnline;
  describe: (key: StatisticMetricKey) => MetricInfo;
  drillOf: (request: DrillRequest) => (() => void) | undefined;
  granularity: Granularity;
  onPointDrill: (metric: StatisticMetricKey, key: string) => void;
}) => {
  const { t } = useTranslation(STATISTIC_ANALYSIS_NS);
  const format = useFigureFormat();
  const kpis: KpiItem[] = KPI_METRICS.map((metric) => {
    const info = describe(metric);
    return {
      key: metric,
      title: info.label,
      value: format(data.totals[metric], info.unit),
      description: info.description,
      formula: info.formula,
      isHigherBetter: info.higherIsBetter,
      ...(data.previous ? { change: data.previous.change[metric] ?? null } : {}),
      // Nothing behind a zero or a missing figure.
      onDrill: data.totals[metric] ? drillOf({ metric }) : undefined,
    };
  });
  const hasActivity = KPI_METRICS.some(
    (metric) => describe(metric).unit === 'count' && (data.totals[metric] ?? 0) > 0,
  );
  return (
    <>
      {hasActivity ? null : <Alert type="info" showIcon title={t('noData')} />}
      {data.isExact ? null : <Alert type="info" showIcon title={t('approximate')} />}
      <KpiCards items={kpis} />
      {data.previous ? (
        <Typography.Paragraph type="secondary" className="ok-statistic-analysis__compared">
          {t('compared', { from: data.previous.from, to: data.previous.to })}
        </Typography.Paragraph>
      ) : null}
      <div className="ok-statistic-analysis__section">
        <TrendCharts data={data} describe={describe} granularity={granularity} onPointDrill={onPointDrill} />
      </div>
      <Row gutter={[16, 16]} className="ok-statistic-analysis__section">
        <Col xs={24} xl={12}>
          <Card size="small" title={t('buckets.title')}>
            <ResponseBuckets data={data} describe={describe} drillOf={drillOf} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('satisfaction.title')}>
            <SatisfactionDistribution data={data} describe={describe} drillOf={drillOf} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('calls.title')}>
            <CallOutcomes data={data} describe={describe} drillOf={drillOf} />
          </Card>
        </Col>
      </Row>
    </>
  );
};
