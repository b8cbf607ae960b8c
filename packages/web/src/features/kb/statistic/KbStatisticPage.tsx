import '../shared/i18n';
import '../shared/kb.css';
import { useMemo, useState } from 'react';
import { Card, Col, Row, Select, Table, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ArticleType, KbStatistic } from '@openkefu/contract';
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
import { fetchKbStatistic } from '../shared/api';
import { ARTICLE_TYPES } from '../shared/articleTypes';
import { KB_NS } from '../shared/i18n';

const percent = (rate: number | null): string => (rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`);

/** Knowledge base → statistics (`/stable/kb/statistic`, admin only): reading, voting and searching over a period. */
export const KbStatisticPage = () => {
  const { t } = useTranslation(KB_NS);
  const [type, setType] = useState<ArticleType>('support');
  const [range, setRange] = useState<StatisticRange>(defaultStatisticRange);
  const { from, to } = rangeBounds(range);
  const query = useQuery({
    queryKey: ['kb', 'statistic', type, from, to],
    queryFn: () => fetchKbStatistic(type, from, to),
    placeholderData: keepPreviousData,
  });

  return (
    <div className="ok-kb-section">
      <div className="ok-kb-toolbar">
        <Select<ArticleType>
          aria-label={t('statistic.type')}
          value={type}
          onChange={setType}
          style={{ width: 200 }}
          options={ARTICLE_TYPES.map((value) => ({ value, label: t(`titles.${value}`) }))}
        />
        <StatisticPeriodPicker value={range} onChange={setRange} />
      </div>
      <StatisticQueryView query={query}>{(data) => <StatisticView data={data} />}</StatisticQueryView>
    </div>
  );
};

const StatisticView = ({ data }: { data: KbStatistic }) => {
  const { t } = useTranslation(KB_NS);
  const { totals, byDay } = data;
  const hasDays = byDay.some((day) => day.views + day.searches + day.helpful + day.useless > 0);

  const trafficOption = useMemo<ChartOption>(
    () =>
      dailyChartOption(
        byDay.map((day) => day.day),
        [
          { type: 'line', name: t('statistic.views'), data: byDay.map((day) => day.views) },
          { type: 'line', name: t('statistic.searches'), data: byDay.map((day) => day.searches) },
        ],
      ),
    [byDay, t],
  );
  const votesOption = useMemo<ChartOption>(
    () =>
      dailyChartOption(
        byDay.map((day) => day.day),
        [
          { type: 'bar', name: t('statistic.helpful'), data: byDay.map((day) => day.helpful) },
          { type: 'bar', name: t('statistic.useless'), data: byDay.map((day) => day.useless) },
        ],
      ),
    [byDay, t],
  );

  const kpis = [
    { key: 'views', title: t('statistic.views'), value: totals.views },
    { key: 'helpfulRate', title: t('statistic.helpfulRate'), value: percent(totals.helpfulRate) },
    { key: 'searches', title: t('statistic.searches'), value: totals.searches },
    { key: 'empty', title: t('statistic.searchesWithoutResults'), value: totals.searchesWithoutResults },
    { key: 'published', title: t('statistic.publishedArticles'), value: totals.publishedArticles },
  ];

  return (
    <>
      <KpiCards items={kpis} />
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={14}>
          <Card size="small" title={t('statistic.trafficChart')}>
            <EChart
              option={trafficOption}
              ariaLabel={t('statistic.trafficChart')}
              isEmpty={!hasDays}
              summary={t('statistic.trafficSummary', {
                views: totals.views,
                searches: totals.searches,
                days: byDay.length,
              })}
              table={{
                columns: [t('statistic.day'), t('statistic.views'), t('statistic.searches')],
                rows: byDay.map((day) => [day.day, day.views, day.searches]),
              }}
            />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card size="small" title={t('statistic.votesChart')}>
            <EChart
              option={votesOption}
              ariaLabel={t('statistic.votesChart')}
              isEmpty={!hasDays}
              summary={t('statistic.votesSummary', {
                helpful: totals.helpful,
                useless: totals.useless,
                rate: percent(totals.helpfulRate),
              })}
              table={{
                columns: [t('statistic.day'), t('statistic.helpful'), t('statistic.useless')],
                rows: byDay.map((day) => [day.day, day.helpful, day.useless]),
              }}
            />
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('statistic.topArticles')}>
            <Table
              size="small"
              rowKey="aid"
              pagination={false}
              dataSource={data.topArticles}
              locale={{ emptyText: t('statistic.noArticles') }}
              columns={[
                {
                  title: t('columns.title'),
                  key: 'title',
                  render: (_, row) => <Typography.Text>{row.title}</Typography.Text>,
                },
                { title: t('statistic.views'), dataIndex: 'views', width: 80, align: 'right' },
                { title: t('statistic.helpful'), dataIndex: 'helpful', width: 80, align: 'right' },
                { title: t('statistic.useless'), dataIndex: 'useless', width: 80, align: 'right' },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Card size="small" title={t('statistic.topSearches')}>
            <Table
              size="small"
              rowKey="query"
              pagination={false}
              dataSource={data.topSearches}
              locale={{ emptyText: t('statistic.noSearches') }}
              columns={[
                { title: t('statistic.query'), key: 'query', render: (_, row) => row.query },
                { title: t('statistic.count'), dataIndex: 'count', width: 70, align: 'right' },
                { title: t('statistic.results'), dataIndex: 'results', width: 70, align: 'right' },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Card size="small" title={t('statistic.emptySearches')}>
            <Table
              size="small"
              rowKey="query"
              pagination={false}
              dataSource={data.emptySearches}
              locale={{ emptyText: t('statistic.noEmptySearches') }}
              columns={[
                { title: t('statistic.query'), key: 'query', render: (_, row) => row.query },
                { title: t('statistic.count'), dataIndex: 'count', width: 70, align: 'right' },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
};
