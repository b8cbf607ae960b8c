import '../shared/i18n';
import '../shared/kb.css';
import { useMemo, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Alert, Button, Card, DatePicker, Skeleton, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TenderSummaryRow } from '@openkefu/contract';
import { EChart, type ChartOption } from '../../../shared/charts';
import { parseError } from '../../../shared/api/parseError';
import { fetchTenderSummary } from '../shared/api';
import { KB_NS } from '../shared/i18n';

const UNCATEGORISED = '__none__';

type Column = { key: string; name: string };
type MonthRow = { month: string; counts: Record<string, number>; total: number; budget: number };

/** Rows of (month, category) → a month × category grid with totals, months ascending. */
export const toGrid = (rows: TenderSummaryRow[], uncategorised: string) => {
  const columns = new Map<string, Column>();
  const months = new Map<string, MonthRow>();
  for (const row of rows) {
    const key = row.category?.cid ?? UNCATEGORISED;
    if (!columns.has(key)) columns.set(key, { key, name: row.category?.name ?? uncategorised });
    const month = months.get(row.month) ?? { month: row.month, counts: {}, total: 0, budget: 0 };
    month.counts[key] = (month.counts[key] ?? 0) + row.count;
    month.total += row.count;
    month.budget += row.budget;
    months.set(row.month, month);
  }
  const sortedColumns = [...columns.values()].sort((a, b) =>
    a.key === UNCATEGORISED ? 1 : b.key === UNCATEGORISED ? -1 : a.name.localeCompare(b.name),
  );
  const sortedMonths = [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
  const totals: MonthRow = { month: '', counts: {}, total: 0, budget: 0 };
  for (const month of sortedMonths) {
    for (const [key, count] of Object.entries(month.counts))
      totals.counts[key] = (totals.counts[key] ?? 0) + count;
    totals.total += month.total;
    totals.budget += month.budget;
  }
  return { columns: sortedColumns, months: sortedMonths, totals };
};

/** Knowledge base → tender summary (`/stable/kb/zhaobiaosummary`, admin only): published tenders by month and category. */
export const TenderSummaryPage = () => {
  const { t } = useTranslation(KB_NS);
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>([
    dayjs().subtract(11, 'month').startOf('month'),
    dayjs().endOf('month'),
  ]);
  const from = range ? range[0].startOf('month').valueOf() : undefined;
  const to = range ? range[1].endOf('month').valueOf() : undefined;
  const query = useQuery({
    queryKey: ['kb', 'tenderSummary', from, to],
    queryFn: () => fetchTenderSummary(from, to),
    placeholderData: keepPreviousData,
  });
  const grid = useMemo(() => toGrid(query.data ?? [], t('tenderSummary.uncategorised')), [query.data, t]);

  const option = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { top: 0, type: 'scroll' },
      grid: { left: 40, right: 16, top: 40, bottom: 28 },
      xAxis: { type: 'category', data: grid.months.map((month) => month.month) },
      yAxis: { type: 'value', minInterval: 1 },
      series: grid.columns.map((column) => ({
        type: 'bar' as const,
        name: column.name,
        stack: 'tenders',
        data: grid.months.map((month) => month.counts[column.key] ?? 0),
      })),
    }),
    [grid],
  );

  const columns: ColumnsType<MonthRow> = [
    {
      title: t('tenderSummary.month'),
      key: 'month',
      fixed: 'left',
      width: 100,
      render: (_, row) => row.month,
    },
    ...grid.columns.map((column) => ({
      title: <Typography.Text>{column.name}</Typography.Text>,
      key: column.key,
      align: 'right' as const,
      width: 110,
      render: (_: unknown, row: MonthRow) => row.counts[column.key] ?? 0,
    })),
    {
      title: t('tenderSummary.total'),
      key: 'total',
      align: 'right',
      width: 90,
      render: (_, row) => <strong>{row.total}</strong>,
    },
    {
      title: t('tenderSummary.budget'),
      key: 'budget',
      align: 'right',
      width: 150,
      render: (_, row) => t('tender.budgetValue', { value: row.budget.toLocaleString() }),
    },
  ];

  return (
    <div className="ok-kb-section">
      <div className="ok-kb-toolbar">
        <DatePicker.RangePicker
          picker="month"
          aria-label={t('tenderSummary.period')}
          value={range}
          onChange={(value) => setRange(value?.[0] && value[1] ? [value[0], value[1]] : null)}
        />
      </div>
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          title={parseError(query.error).message}
          action={<Button onClick={() => void query.refetch()}>{t('actions.retry')}</Button>}
        />
      ) : query.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <>
          <Card size="small" title={t('tenderSummary.chart')} style={{ marginBottom: 16 }}>
            <EChart
              option={option}
              ariaLabel={t('tenderSummary.chart')}
              isEmpty={grid.months.length === 0}
              summary={t('tenderSummary.summary', { count: grid.totals.total, months: grid.months.length })}
            />
          </Card>
          <Table<MonthRow>
            rowKey="month"
            size="small"
            bordered
            pagination={false}
            dataSource={grid.months}
            columns={columns}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('tenderSummary.empty') }}
            summary={() =>
              grid.months.length === 0 ? null : (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>
                    <strong>{t('tenderSummary.total')}</strong>
                  </Table.Summary.Cell>
                  {grid.columns.map((column, index) => (
                    <Table.Summary.Cell key={column.key} index={index + 1} align="right">
                      <strong>{grid.totals.counts[column.key] ?? 0}</strong>
                    </Table.Summary.Cell>
                  ))}
                  <Table.Summary.Cell index={grid.columns.length + 1} align="right">
                    <strong>{grid.totals.total}</strong>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={grid.columns.length + 2} align="right">
                    <strong>{t('tender.budgetValue', { value: grid.totals.budget.toLocaleString() })}</strong>
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              )
            }
          />
        </>
      )}
    </div>
  );
};
