import { useRef, useState } from 'react';
import { Col, Row, Skeleton, Space } from 'antd';
import type { ActionType } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchLedgerPage, fetchOverview, OVERVIEW_QUERY_KEY } from '../api';
import { LoadError } from '../components/LoadError';
import { ShortfallModal, type ShortfallInfo } from '../components/Shortfall';
import { LedgerTable } from '../shared/LedgerTable';
import { BillsTable } from './BillsTable';
import { OverviewCard } from './OverviewCard';
import { RenewCard } from './RenewCard';
import { UsageChart } from './UsageChart';
import '../billing.css';

/**
 * Settings → bills (`/stable/settings/payment`): the billing state, the usage behind this month's
 * bill, the monthly bills (paid from the balance), renewing ahead of time and the balance ledger.
 */
export const PaymentPage = () => {
  const queryClient = useQueryClient();
  const overview = useQuery({ queryKey: OVERVIEW_QUERY_KEY, queryFn: () => fetchOverview() });
  const billsRef = useRef<ActionType | undefined>(undefined);
  const ledgerRef = useRef<ActionType | undefined>(undefined);
  const [shortfall, setShortfall] = useState<ShortfallInfo | null>(null);

  const afterPayment = () => {
    void queryClient.invalidateQueries({ queryKey: OVERVIEW_QUERY_KEY });
    void billsRef.current?.reload();
    void ledgerRef.current?.reload();
  };

  if (overview.isError) return <LoadError error={overview.error} onRetry={() => void overview.refetch()} />;
  if (overview.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;

  return (
    <Space orientation="vertical" size="middle" className="ok-billing">
      <OverviewCard overview={overview.data} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <UsageChart />
        </Col>
        <Col xs={24} xl={8}>
          <RenewCard overview={overview.data} onShortfall={setShortfall} onRenewed={afterPayment} />
        </Col>
      </Row>
      <BillsTable
        actionRef={billsRef}
        overview={overview.data}
        onShortfall={setShortfall}
        onPaid={afterPayment}
      />
      <LedgerTable fetchPage={fetchLedgerPage} actionRef={ledgerRef} />
      {shortfall && <ShortfallModal info={shortfall} onClose={() => setShortfall(null)} />}
    </Space>
  );
};
