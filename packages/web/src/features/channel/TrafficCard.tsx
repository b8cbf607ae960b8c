import './i18n';
import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Card, Col, Row, Skeleton, Statistic } from 'antd';
import { BarChartOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChannelType } from '@openkefu/contract';
import { parseError } from '../../shared/api/parseError';
import { fetchChannelOverview } from './api';
import { CHANNEL_NS } from './i18n';

/** The figures a channel page opens with. */
export const TRAFFIC_DAYS = 30;

// The overview draws with ECharts: loaded only when someone opens it.
const OverviewDrawer = lazy(() => import('./OverviewDrawer').then((m) => ({ default: m.OverviewDrawer })));

/**
 * The top of every channel page: this channel's accounts and traffic over the last 30 days (one
 * overview call, shared by all channel pages through the query cache), and the way to the
 * overview of all channels.
 */
export const TrafficCard = ({ type }: { type: ChannelType }) => {
  const { t } = useTranslation(CHANNEL_NS);
  const [isOverviewOpen, setOverviewOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const query = useQuery({
    queryKey: ['channel', 'overview', TRAFFIC_DAYS],
    queryFn: () => fetchChannelOverview(TRAFFIC_DAYS),
  });
  const row = query.data?.rows.find((candidate) => candidate.type === type);

  const open = () => {
    setHasOpened(true);
    setOverviewOpen(true);
  };

  return (
    <Card
      size="small"
      title={t('traffic.title', { channel: t(`names.${type}`), days: TRAFFIC_DAYS })}
      extra={
        <Button icon={<BarChartOutlined />} onClick={open}>
          {t('traffic.overview')}
        </Button>
      }
      style={{ marginBottom: 16 }}
    >
      {query.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : query.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('traffic.loadFailed', { reason: parseError(query.error).message })}
        />
      ) : (
        <Row gutter={[16, 8]} data-testid="channel-traffic">
          <Col xs={12} md={8} xl={4}>
            <Statistic
              title={t('traffic.accounts')}
              value={row?.accounts ?? 0}
              suffix={
                <span style={{ fontSize: 12 }}>{t('traffic.connected', { count: row?.connected ?? 0 })}</span>
              }
            />
          </Col>
          <Col xs={12} md={8} xl={5}>
            <Statistic title={t('traffic.inbound')} value={row?.inbound ?? 0} />
          </Col>
          <Col xs={12} md={8} xl={5}>
            <Statistic title={t('traffic.outbound')} value={row?.outbound ?? 0} />
          </Col>
          <Col xs={12} md={8} xl={5}>
            <Statistic title={t('traffic.failed')} value={row?.failed ?? 0} />
          </Col>
          <Col xs={12} md={8} xl={5}>
            <Statistic title={t('traffic.conversations')} value={row?.conversations ?? 0} />
          </Col>
        </Row>
      )}
      {hasOpened && (
        <Suspense fallback={null}>
          <OverviewDrawer open={isOverviewOpen} onClose={() => setOverviewOpen(false)} />
        </Suspense>
      )}
    </Card>
  );
};
