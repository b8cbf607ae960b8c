import '../shared/i18n';
import { useRef, useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { Customer, Envelope, Page } from '@openkefu/contract';
import { downloadFile } from '../../../shared/api/download';
import { http } from '../../../shared/api/http';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { useCan } from '../../../shared/components/Authorized';
import { useListRefresh } from '../../../shared/table/useListRefresh';
import { usePageRequest, type PageQuery } from '../../../shared/table/usePageRequest';
import { formatTime } from '../shared/display';
import { ROBOT_NS } from '../shared/i18n';

/** The robot's leads are CRM customers of channel `lead` (its lead capture, issue 14). */
const fetchLeads = async (query: { page: number; size: number; keyword?: string }): Promise<Page<Customer>> =>
  (
    await http.get<Envelope<Page<Customer>>>('/api/customer/query', {
      params: { ...query, channel: 'lead' },
    })
  ).data;

/**
 * Robot → lead capture (`/stable/robot/huoke`): the names and mobile numbers visitors left with
 * the robot, newest first, searchable, exported as a sheet.
 */
export const LeadListPage = () => {
  const { t } = useTranslation(ROBOT_NS);
  const canDo = useCan();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [isExporting, setExporting] = useState(false);
  const { polling } = useListRefresh(actionRef);
  const request = usePageRequest<Customer, { keyword?: string }>(
    (query: PageQuery<{ keyword?: string }>) =>
      fetchLeads({ page: query.page, size: query.size, keyword: query.keyword }),
    { onError: reportUnlessHandled },
  );

  const exportLeads = async () => {
    setExporting(true);
    try {
      await downloadFile('/api/customer/export', { channel: 'lead' }, 'leads.xlsx');
    } catch (error) {
      reportUnlessHandled(error);
    } finally {
      setExporting(false);
    }
  };

  const columns: ProColumns<Customer>[] = [
    { title: t('leads.keyword'), dataIndex: 'keyword', hideInTable: true },
    { title: t('leads.name'), dataIndex: 'name', search: false, ellipsis: true },
    { title: t('leads.mobile'), dataIndex: 'mobile', search: false, copyable: true },
    {
      title: t('leads.visitors'),
      key: 'visitors',
      search: false,
      render: (_, row) =>
        row.visitors.length === 0 ? (
          <Typography.Text type="secondary">{t('leads.none')}</Typography.Text>
        ) : (
          <Space size={4} wrap>
            {row.visitors.map((visitor) => (
              <Typography.Text key={visitor.vid}>{visitor.nickname || visitor.vid}</Typography.Text>
            ))}
          </Space>
        ),
    },
    {
      title: t('leads.capturedAt'),
      dataIndex: 'createdAt',
      search: false,
      render: (_, row) => formatTime(row.createdAt),
    },
    {
      title: t('leads.lastContact'),
      dataIndex: 'lastContactAt',
      search: false,
      render: (_, row) => (row.lastContactAt === null ? t('leads.none') : formatTime(row.lastContactAt)),
    },
  ];

  return (
    <ProTable<Customer, { keyword?: string }>
      rowKey="cid"
      headerTitle={t('leads.title')}
      actionRef={actionRef}
      columns={columns}
      request={request}
      polling={polling}
      pagination={{ defaultPageSize: 20, showSizeChanger: true }}
      search={{ labelWidth: 'auto' }}
      locale={{ emptyText: t('leads.empty') }}
      toolBarRender={() => [
        canDo('crm.list.export') ? (
          <Button
            key="export"
            icon={<DownloadOutlined />}
            loading={isExporting}
            onClick={() => void exportLeads()}
          >
            {t('leads.export')}
          </Button>
        ) : null,
      ]}
    />
  );
};
