import '../shared/i18n';
import { useState } from 'react';
import { Card, Col, Row, Space, Table, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type {
  Language,
  PlatformStatistic,
  PlatformStatisticDay,
  PlatformStatisticPlan,
} from '@openkefu/contract';
import {
  EChart,
  KpiCards,
  StatisticPeriodPicker,
  StatisticQueryView,
  dailyChartOption,
  defaultStatisticRange,
  type StatisticRange,
} from '../../../shared/charts';
import { formatMoney } from '../shared/format';
import { PLATFORM_NS } from '../shared/i18n';
import { fetchPlatformStatistic } from './api';

const dayFigures = [
  'newOrganizations',
  'totalOrganizations',
  'activeAgents',
  'conversations',
  'messages',
] as const;

/**
 * Platform → statistic (`/stable/platform/statistic`): organisations, active agents,
 * conversations, messages and revenue per day over a chosen period, as cards, charts and tables,
 * and organisations and revenue per plan.
 */
export const PlatformStatisticPage = () => {
  const { t, i18n } = useTranslation(PLATFORM_NS);
  const language = i18n.language as Language;
  const [range, setRange] = useState<StatisticRange>(defaultStatisticRange);
  const from = range[0].format('YYYY-MM-DD');
  const to = range[1].format('YYYY-MM-DD');
  const query = useQuery({
    queryKey: ['platform', 'statistic', from, to],
    queryFn: () => fetchPlatformStatistic(from, to),
    placeholderData: keepPreviousData,
  });
  const money = (cents: number) => formatMoney(cents / 100, language);

  const render = (data: PlatformStatistic) => {
    const days = data.days.map((day) => day.day);
    const isEmpty = data.days.every(
      (day) =>
        day.conversations === 0 && day.messages === 0 && day.revenueCents === 0 && day.newOrganizations === 0,
    );
    const table = (keys: readonly (keyof PlatformStatisticDay)[]) => ({
      columns: [t('statisticPage.day'), ...keys.map((key) => t(`statisticPage.figures.${key}`))],
      rows: data.days.map((day) => [
        day.day,
        ...keys.map((key) => (key === 'revenueCents' ? money(day[key]) : String(day[key]))),
      ]),
    });
    return (
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <KpiCards
          items={[
            ...dayFigures.map((key) => ({
              key,
              title: t(`statisticPage.figures.${key}`),
              description: t(`statisticPage.descriptions.${key}`),
              value: data.totals[key],
            })),
            {
              key: 'revenue',
              title: t('statisticPage.figures.revenueCents'),
              description: t('statisticPage.descriptions.revenueCents'),
              value: money(data.totals.revenueCents),
            },
          ]}
        />
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <Card size="small" title={t('statisticPage.traffic')}>
              <EChart
                ariaLabel={t('statisticPage.traffic')}
                isEmpty={isEmpty}
                option={dailyChartOption(days, [
                  {
                    name: t('statisticPage.figures.conversations'),
                    type: 'bar',
                    data: data.days.map((day) => day.conversations),
                  },
                  {
                    name: t('statisticPage.figures.messages'),
                    type: 'line',
                    data: data.days.map((day) => day.messages),
                  },
                ])}
                table={table(['conversations', 'messages'])}
              />
            </Card>
          </Col>
          <Col xs={24} xl={12}>
            <Card size="small" title={t('statisticPage.growth')}>
              <EChart
                ariaLabel={t('statisticPage.growth')}
                isEmpty={isEmpty}
                option={dailyChartOption(days, [
                  {
                    name: t('statisticPage.figures.newOrganizations'),
                    type: 'bar',
                    data: data.days.map((day) => day.newOrganizations),
                  },
                  {
                    name: t('statisticPage.figures.activeAgents'),
                    type: 'line',
                    data: data.days.map((day) => day.activeAgents),
                  },
                ])}
                table={table(['newOrganizations', 'activeAgents'])}
              />
            </Card>
          </Col>
          <Col xs={24}>
            <Card size="small" title={t('statisticPage.revenue')}>
              <EChart
                ariaLabel={t('statisticPage.revenue')}
                isEmpty={data.totals.revenueCents === 0}
                option={dailyChartOption(days, [
                  {
                    name: t('statisticPage.figures.revenueCents'),
                    type: 'bar',
                    data: data.days.map((day) => day.revenueCents / 100),
                  },
                ])}
                table={table(['revenueCents'])}
              />
            </Card>
          </Col>
        </Row>
        <Card size="small" title={t('statisticPage.byPlan')}>
          <Table<PlatformStatisticPlan>
            rowKey={(row) => row.pid ?? ''}
            size="small"
            pagination={false}
            dataSource={data.byPlan}
            locale={{ emptyText: t('statisticPage.noPlans') }}
            columns={[
              { title: t('statisticPage.plan'), dataIndex: 'name' },
              { title: t('statisticPage.planOrganizations'), dataIndex: 'organizations', align: 'right' },
              {
                title: t('statisticPage.figures.newOrganizations'),
                dataIndex: 'newOrganizations',
                align: 'right',
              },
              {
                title: t('statisticPage.figures.revenueCents'),
                dataIndex: 'revenueCents',
                align: 'right',
                render: (cents: number) => money(cents),
              },
            ]}
          />
        </Card>
        <Card size="small" title={t('statisticPage.perDay')}>
          <Table<PlatformStatisticDay>
            rowKey="day"
            size="small"
            dataSource={[...data.days].reverse()}
            pagination={{ defaultPageSize: 20, showSizeChanger: true }}
            scroll={{ x: 800 }}
            columns={[
              { title: t('statisticPage.day'), dataIndex: 'day', fixed: 'left' },
              ...dayFigures.map((key) => ({
                title: t(`statisticPage.figures.${key}`),
                dataIndex: key,
                align: 'right' as const,
              })),
              {
                title: t('statisticPage.figures.revenueCents'),
                dataIndex: 'revenueCents',
                align: 'right',
                render: (cents: number) => money(cents),
              },
            ]}
          />
        </Card>
      </Space>
    );
  };

  return (
    <Card
      title={t('statisticPage.title')}
      extra={
        <Space>
          <Typography.Text type="secondary">{t('statisticPage.utc')}</Typography.Text>
          <StatisticPeriodPicker value={range} onChange={setRange} />
        </Space>
      }
    >
      <StatisticQueryView query={query} errorTitle={t('statisticPage.loadFailed')}>
        {render}
      </StatisticQueryView>
    </Card>
  );
};
