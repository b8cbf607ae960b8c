import { Drawer, Tag, Typography } from 'antd';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { BalanceLog, User } from '@openkefu/contract';
import { useLanguage } from '../../../shared/i18n';
import { usePageRequest } from '../../../shared/table/usePageRequest';
import { formatDateTime, formatMoney, formatSignedMoney } from '../shared/format';
import { PLATFORM_NS } from '../shared/i18n';
import { reportUnlessHandled } from '../shared/reportError';
import { fetchBalanceLog } from './api';

const KIND_COLORS: Record<BalanceLog['kind'], string> = {
  renew: 'green',
  balance: 'blue',
  validity: 'purple',
  recharge: 'cyan',
  bill: 'orange',
  refund: 'magenta',
  credit: 'lime',
  debit: 'red',
};

/** Platform → users → History: the account's balance and validity ledger, newest first. */
export const BalanceHistoryDrawer = ({ user, onClose }: { user: User; onClose: () => void }) => {
  const { t } = useTranslation(PLATFORM_NS);
  const language = useLanguage();
  const request = usePageRequest<BalanceLog>((query) => fetchBalanceLog({ ...query, uid: user.uid }), {
    onError: reportUnlessHandled,
  });

  const columns: ProColumns<BalanceLog>[] = [
    {
      title: t('userPage.history.columns.time'),
      dataIndex: 'createdAt',
      width: 150,
      render: (_, log) => formatDateTime(log.createdAt),
    },
    {
      title: t('userPage.history.columns.kind'),
      dataIndex: 'kind',
      width: 90,
      render: (_, log) => <Tag color={KIND_COLORS[log.kind]}>{t(`userPage.history.kinds.${log.kind}`)}</Tag>,
    },
    {
      title: t('userPage.history.columns.amount'),
      dataIndex: 'amount',
      align: 'right',
      width: 110,
      render: (_, log) => (
        <Typography.Text type={log.amount < 0 ? 'danger' : log.amount > 0 ? 'success' : undefined}>
          {formatSignedMoney(log.amount, language)}
        </Typography.Text>
      ),
    },
    {
      title: t('userPage.history.columns.balanceAfter'),
      dataIndex: 'balanceAfter',
      align: 'right',
      width: 120,
      render: (_, log) => formatMoney(log.balanceAfter, language),
    },
    {
      title: t('userPage.history.columns.validUntil'),
      dataIndex: 'validateUntilDate',
      width: 110,
      render: (_, log) => log.validateUntilDate?.slice(0, 10) ?? t('common.noExpiry'),
    },
    {
      title: t('userPage.history.columns.description'),
      dataIndex: 'description',
      ellipsis: true,
    },
    {
      title: t('userPage.history.columns.operator'),
      dataIndex: 'operator',
      width: 110,
      render: (_, log) => log.operator ?? t('userPage.history.system'),
    },
  ];

  return (
    <Drawer
      open
      size={880}
      title={t('userPage.history.title', { name: user.nickname || user.username })}
      onClose={onClose}
      destroyOnHidden
    >
      <ProTable<BalanceLog>
        rowKey={(log) => `${log.createdAt}-${log.kind}-${log.balanceAfter}-${log.validateUntilDate}`}
        columns={columns}
        request={request}
        search={false}
        options={false}
        size="small"
        pagination={{ defaultPageSize: 20, showSizeChanger: false }}
        scroll={{ x: 800 }}
        locale={{ emptyText: t('userPage.history.empty') }}
      />
    </Drawer>
  );
};
