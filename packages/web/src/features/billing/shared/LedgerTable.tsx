import type { ReactNode, RefObject } from 'react';
import { Space, Typography } from 'antd';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { ledgerKinds, type LedgerEntry, type LedgerKind, type Page } from '@openkefu/contract';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { usePageRequest, type PageQuery } from '../../../shared/table/usePageRequest';
import { formatDateTime } from './time';
import { BILLING_NS } from '../i18n';
import { LedgerKindTag } from './tags';
import { useMoney } from './useMoney';
import { valueEnumOf } from './valueEnum';

export type LedgerTableFilters = { kind?: LedgerKind; subDomain?: string };

export type LedgerTableProps = {
  fetchPage: (query: PageQuery<LedgerTableFilters>) => Promise<Page<LedgerEntry>>;
  /** Platform lists: an organisation column and a sub-domain filter. */
  hasOrganization?: boolean;
  headerTitle?: ReactNode;
  actionRef?: RefObject<ActionType | undefined>;
  toolBarRender?: () => ReactNode[];
};

/**
 * The balance ledger: every movement with its sign coloured, the balance after it, what it came
 * from and who made it. Shared by settings → bills and platform → payments.
 */
export const LedgerTable = ({
  fetchPage,
  hasOrganization = false,
  headerTitle,
  actionRef,
  toolBarRender,
}: LedgerTableProps) => {
  const { t } = useTranslation(BILLING_NS);
  const money = useMoney();
  const request = usePageRequest<LedgerEntry, LedgerTableFilters>(fetchPage, {
    onError: reportUnlessHandled,
  });
  const columns: ProColumns<LedgerEntry>[] = [
    {
      title: t('ledger.columns.time'),
      dataIndex: 'createdAt',
      search: false,
      width: 150,
      render: (_, entry) => formatDateTime(entry.createdAt),
    },
    ...(hasOrganization
      ? [
          {
            title: t('common.subDomain'),
            dataIndex: 'subDomain',
            hideInTable: true,
          } satisfies ProColumns<LedgerEntry>,
          {
            title: t('common.organization'),
            key: 'organization',
            search: false,
            width: 160,
            render: (_: ReactNode, entry: LedgerEntry) =>
              entry.organization ? (
                <Space orientation="vertical" size={0}>
                  <span>{entry.organization.name}</span>
                  <Typography.Text type="secondary">{entry.organization.subDomain}</Typography.Text>
                </Space>
              ) : null,
          } satisfies ProColumns<LedgerEntry>,
        ]
      : []),
    {
      title: t('ledger.columns.kind'),
      dataIndex: 'kind',
      valueType: 'select',
      valueEnum: valueEnumOf(ledgerKinds, t, 'ledger.kind'),
      width: 110,
      render: (_, entry) => <LedgerKindTag kind={entry.kind} />,
    },
    {
      title: t('ledger.columns.amount'),
      dataIndex: 'amountCents',
      search: false,
      align: 'right',
      width: 120,
      render: (_, entry) => (
        <Typography.Text
          type={entry.amountCents > 0 ? 'success' : entry.amountCents < 0 ? 'danger' : undefined}
          className="ok-billing__amount"
        >
          {money.signed(entry.amountCents)}
        </Typography.Text>
      ),
    },
    {
      title: t('ledger.columns.balanceAfter'),
      dataIndex: 'balanceAfterCents',
      search: false,
      align: 'right',
      width: 130,
      render: (_, entry) => money(entry.balanceAfterCents),
    },
    {
      title: t('ledger.columns.validUntil'),
      dataIndex: 'validateUntilDate',
      search: false,
      width: 110,
      render: (_, entry) => entry.validateUntilDate ?? '—',
    },
    {
      title: t('ledger.columns.description'),
      dataIndex: 'description',
      search: false,
      ellipsis: true,
    },
    {
      title: t('ledger.columns.reference'),
      dataIndex: 'reference',
      search: false,
      width: 190,
      render: (_, entry) =>
        entry.reference ? <Typography.Text copyable>{entry.reference}</Typography.Text> : '—',
    },
    {
      title: t('ledger.columns.operator'),
      dataIndex: 'operator',
      search: false,
      width: 110,
      render: (_, entry) => entry.operator ?? t('ledger.system'),
    },
  ];
  return (
    <ProTable<LedgerEntry, LedgerTableFilters>
      rowKey={(entry) =>
        `${entry.createdAt}-${entry.reference ?? ''}-${entry.kind}-${entry.balanceAfterCents}`
      }
      headerTitle={headerTitle ?? t('ledger.title')}
      actionRef={actionRef}
      columns={columns}
      request={request}
      pagination={{ defaultPageSize: 20, showSizeChanger: true, showTotal: request.showTotal }}
      search={{ labelWidth: 'auto', filterType: hasOrganization ? undefined : 'light' }}
      scroll={{ x: hasOrganization ? 1300 : 1100 }}
      locale={{ emptyText: t('ledger.empty') }}
      toolBarRender={toolBarRender}
      options={{ density: false, setting: false }}
    />
  );
};
