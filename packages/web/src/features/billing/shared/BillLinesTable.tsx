import { Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BillLine } from '@openkefu/contract';
import { useLanguage } from '../../../shared/i18n';
import { BILLING_NS } from '../i18n';
import { formatTokens } from './money';
import { useMoney } from './useMoney';

/**
 * A bill's lines (base fee, extra seats, extra tokens, add-ons, adjustments) with the total in the
 * footer; shown when a bill row is expanded, for the organisation and for platform staff.
 */
export const BillLinesTable = ({ lines, totalCents }: { lines: BillLine[]; totalCents: number }) => {
  const { t } = useTranslation(BILLING_NS);
  const money = useMoney();
  const language = useLanguage();
  const quantityOf = (line: BillLine) =>
    line.kind === 'tokens' ? formatTokens(line.quantity, language) : String(line.quantity);
  const columns: TableColumnsType<BillLine & { key: string }> = [
    {
      title: t('bill.lines.item'),
      key: 'item',
      render: (_, line) =>
        line.kind === 'addon' || line.kind === 'adjustment'
          ? `${t(`bill.lineKind.${line.kind}`)}: ${line.label}`
          : t(`bill.lineKind.${line.kind}`),
    },
    {
      title: t('bill.lines.quantity'),
      key: 'quantity',
      align: 'right',
      render: (_, line) => quantityOf(line),
    },
    {
      title: t('bill.lines.unit'),
      key: 'unit',
      align: 'right',
      render: (_, line) =>
        line.kind === 'tokens'
          ? t('bill.lines.perMillion', { price: money(line.unitCents) })
          : money(line.unitCents),
    },
    {
      title: t('bill.lines.amount'),
      key: 'amount',
      align: 'right',
      render: (_, line) => money(line.amountCents),
    },
  ];
  // Lines have no id of their own: their place in the bill is one.
  const rows = lines.map((line, index) => ({ ...line, key: `${index}-${line.kind}-${line.label}` }));
  return (
    <Table<BillLine & { key: string }>
      size="small"
      rowKey="key"
      columns={columns}
      dataSource={rows}
      pagination={false}
      locale={{ emptyText: t('bill.lines.empty') }}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={3}>
            <Typography.Text strong>{t('bill.lines.total')}</Typography.Text>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={1} align="right">
            <Typography.Text strong>{money(totalCents)}</Typography.Text>
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
};
