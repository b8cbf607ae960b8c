import { Space, Typography } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { billStates, type Bill } from '@openkefu/contract';
import { BILLING_NS } from '../i18n';
import { BillLinesTable } from './BillLinesTable';
import { BillStateTag, InvoiceStateTag } from './tags';
import { formatDate, formatDateTime } from './time';
import { useMoney } from './useMoney';
import { valueEnumOf } from './valueEnum';

/** The search form's month picker answers a date; the server takes `YYYY-MM`. */
const toPeriod = (value: unknown) => {
  const parsed = dayjs(value as string);
  return { period: parsed.isValid() ? parsed.format('YYYY-MM') : undefined };
};

/**
 * The columns every bill list shows (period, amount, state, due, payment, invoice), with a month and
 * state filter; the organisation's list and the platform's add their own actions (and the platform
 * the organisation).
 */
export const useBillColumns = ({ hasOrganization = false }: { hasOrganization?: boolean } = {}) => {
  const { t } = useTranslation(BILLING_NS);
  const money = useMoney();
  const columns: ProColumns<Bill>[] = [
    {
      title: t('bills.columns.period'),
      dataIndex: 'period',
      valueType: 'dateMonth',
      width: 110,
      search: { transform: toPeriod },
      render: (_, bill) => bill.period,
    },
    ...(hasOrganization
      ? [
          { title: t('common.subDomain'), dataIndex: 'subDomain', hideInTable: true },
          {
            title: t('common.organization'),
            key: 'organization',
            search: false,
            width: 160,
            render: (_: unknown, bill: Bill) =>
              bill.organization ? (
                <Space orientation="vertical" size={0}>
                  <span>{bill.organization.name}</span>
                  <Typography.Text type="secondary">{bill.organization.subDomain}</Typography.Text>
                </Space>
              ) : null,
          },
        ]
      : []),
    {
      title: t('bills.columns.total'),
      dataIndex: 'totalCents',
      search: false,
      align: 'right',
      width: 120,
      render: (_, bill) => <span className="ok-billing__amount">{money(bill.totalCents)}</span>,
    },
    {
      title: t('bills.columns.state'),
      dataIndex: 'state',
      valueType: 'select',
      valueEnum: valueEnumOf(billStates, t, 'state.bill'),
      width: 100,
      render: (_, bill) => <BillStateTag state={bill.state} />,
    },
    {
      title: t('bills.columns.due'),
      dataIndex: 'dueAt',
      search: false,
      width: 110,
      render: (_, bill) => formatDate(bill.dueAt),
    },
    {
      title: t('bills.columns.paid'),
      key: 'paid',
      search: false,
      width: 170,
      render: (_, bill) =>
        bill.paidAt === null ? (
          '—'
        ) : (
          <Space orientation="vertical" size={0}>
            <span>{formatDateTime(bill.paidAt)}</span>
            <Typography.Text type="secondary">
              {bill.paidBy ? t(`bills.paidBy.${bill.paidBy}`) : ''}
              {bill.renewedUntil ? ` · ${t('bills.renewedUntil', { date: bill.renewedUntil })}` : ''}
            </Typography.Text>
          </Space>
        ),
    },
    {
      title: t('bills.columns.invoice'),
      dataIndex: 'invoiceState',
      search: false,
      width: 100,
      render: (_, bill) => (bill.invoiceState ? <InvoiceStateTag state={bill.invoiceState} /> : '—'),
    },
  ];
  return columns;
};

/** Expanding a bill row shows its lines. */
export const billExpandable = {
  expandedRowRender: (bill: Bill) => <BillLinesTable lines={bill.lines} totalCents={bill.totalCents} />,
  rowExpandable: (bill: Bill) => bill.lines.length > 0,
};
