import './i18n';
import '../thread/i18n';
import './rate.css';
import { useRef, useState } from 'react';
import { Card, Col, Rate as Stars, Row, Statistic, Tag, Typography } from 'antd';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Rate, RateSummary } from '@openkefu/contract';
import { useListRefresh } from '../../../shared/table/useListRefresh';
import { usePageRequest, type PageQuery } from '../../../shared/table/usePageRequest';
import { reportUnlessHandled } from '../shared/errors';
import { AgentName, VisitorCell, formatTime } from '../thread/display';
import { timeRangeColumn, useAgentOptions } from '../thread/filters';
import { TranscriptDrawer } from '../thread/TranscriptDrawer';
import { fetchRatePage, fetchRateSummary, type RateFilters } from './api';
import { KEFU_RATE_NS } from './i18n';

const SCORES = [5, 4, 3, 2, 1] as const;
const SCORE_COLORS: Record<number, string> = {
  1: '#ff4d4f',
  2: '#ff7a45',
  3: '#faad14',
  4: '#73d13d',
  5: '#52c41a',
};

const Distribution = ({ summary }: { summary: RateSummary | undefined }) => {
  const { t } = useTranslation(KEFU_RATE_NS);
  const count = summary?.count ?? 0;
  return (
    <div className="ok-rate-bars" role="list" aria-label={t('summary.distribution')}>
      {SCORES.map((score) => {
        const scoreCount = summary?.distribution.find((entry) => entry.score === score)?.count ?? 0;
        const percent = count === 0 ? 0 : Math.round((scoreCount / count) * 100);
        const label = t(`scores.${score}`);
        return (
          <div
            key={score}
            className="ok-rate-bar"
            role="listitem"
            aria-label={t('summary.bar', { label, count: scoreCount, percent })}
          >
            <span>{label}</span>
            <div className="ok-rate-bar__track">
              <div
                className="ok-rate-bar__fill"
                style={{ width: `${percent}%`, background: SCORE_COLORS[score] }}
              />
            </div>
            <span className="ok-rate-bar__count">{scoreCount}</span>
          </div>
        );
      })}
    </div>
  );
};

/**
 * Kefu → satisfaction (`/stable/kefu/rate`): the ratings over `GET /api/rate/query`, and above
 * them the average, the count and the score distribution of the same filter (`/api/rate/summary`).
 */
export const RatePage = () => {
  const { t } = useTranslation(KEFU_RATE_NS);
  const [filters, setFilters] = useState<RateFilters>({});
  const [openTid, setOpenTid] = useState<string | null>(null);
  const agents = useAgentOptions();
  const summary = useQuery({
    queryKey: ['kefu', 'rate', 'summary', filters],
    queryFn: () => fetchRateSummary(filters),
    placeholderData: keepPreviousData,
  });

  const actionRef = useRef<ActionType | undefined>(undefined);
  // Ratings arrive as conversations end: reload the list and its summary (same filters, so its
  // query key would not change) when the page is opened again or the window comes back.
  useListRefresh(actionRef, { onRefresh: () => void summary.refetch() });
  const request = usePageRequest<Rate, RateFilters>(
    async (query: PageQuery<RateFilters>) => {
      const { page: _page, size: _size, ...rest } = query;
      setFilters(rest);
      return fetchRatePage(query);
    },
    { onError: reportUnlessHandled },
  );

  const columns: ProColumns<Rate>[] = [
    {
      title: t('filters.score'),
      dataIndex: 'score',
      hideInTable: true,
      valueType: 'select',
      fieldProps: {
        options: SCORES.map((score) => ({ value: score, label: `${score} · ${t(`scores.${score}`)}` })),
      },
    },
    {
      title: t('filters.agent'),
      dataIndex: 'uid',
      hideInTable: true,
      valueType: 'select',
      fieldProps: {
        options: agents.options,
        showSearch: true,
        optionFilterProp: 'label',
        loading: agents.isLoading,
      },
    },
    timeRangeColumn<Rate>(t('filters.time')),
    {
      title: t('columns.score'),
      key: 'score',
      search: false,
      width: 220,
      render: (_, rate) => (
        <span aria-label={`${rate.score} / 5`}>
          <Stars disabled value={rate.score} style={{ fontSize: 14 }} />{' '}
          <Typography.Text type="secondary">{t(`scores.${rate.score}`)}</Typography.Text>
        </span>
      ),
    },
    {
      title: t('columns.note'),
      key: 'note',
      search: false,
      ellipsis: true,
      render: (_, rate) =>
        rate.note ? <Typography.Text ellipsis={{ tooltip: rate.note }}>{rate.note}</Typography.Text> : '—',
    },
    {
      title: t('columns.agent'),
      key: 'agent',
      search: false,
      width: 130,
      render: (_, rate) => <AgentName agent={rate.agent} />,
    },
    {
      title: t('columns.visitor'),
      key: 'visitor',
      search: false,
      width: 200,
      render: (_, rate) => <VisitorCell visitor={rate.visitor} />,
    },
    {
      title: t('columns.how'),
      key: 'how',
      search: false,
      width: 150,
      render: (_, rate) =>
        rate.auto ? (
          <Tag>{t('how.auto')}</Tag>
        ) : rate.invite ? (
          <Tag color="blue">{t('how.invited')}</Tag>
        ) : (
          <Tag color="green">{t('how.visitor')}</Tag>
        ),
    },
    {
      title: t('columns.createdAt'),
      key: 'createdAt',
      search: false,
      width: 170,
      render: (_, rate) => formatTime(rate.createdAt),
    },
    {
      title: t('columns.actions'),
      valueType: 'option',
      key: 'actions',
      width: 110,
      render: (_, rate) => [
        <a key="conversation" onClick={() => setOpenTid(rate.tid)}>
          {t('actions.conversation')}
        </a>,
      ],
    },
  ];

  const average = summary.data?.average;
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} md={8}>
          <Card>
            <Statistic
              title={t('summary.average')}
              value={average ?? t('summary.none')}
              precision={average == null ? undefined : 2}
              suffix={average == null ? undefined : t('summary.outOf')}
              loading={summary.isLoading}
            />
          </Card>
        </Col>
        <Col xs={24} md={4}>
          <Card>
            <Statistic
              title={t('summary.count')}
              value={summary.data?.count ?? 0}
              loading={summary.isLoading}
            />
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title={t('summary.distribution')} size="small" loading={summary.isLoading}>
            <Distribution summary={summary.data} />
          </Card>
        </Col>
      </Row>
      <ProTable<Rate, RateFilters>
        rowKey="rid"
        headerTitle={t('title')}
        actionRef={actionRef}
        columns={columns}
        request={request}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        scroll={{ x: 1100 }}
        locale={{ emptyText: t('empty') }}
      />
      <TranscriptDrawer tid={openTid} onClose={() => setOpenTid(null)} />
    </>
  );
};
