import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Empty, theme as antdTheme } from 'antd';
import { useTranslation } from 'react-i18next';
import { init, type ChartOption, type EChartsType } from './echarts';
import { CHARTS_NS } from './i18n';
import { buildChartTheme } from './theme';
import './charts.css';

/** The data behind a chart as a table: what screen readers and keyboard users get. */
export type ChartTable = {
  columns: string[];
  /** Cells may be controls (e.g. a count that opens the conversations behind it). */
  rows: ReactNode[][];
};

/** The series item a click landed on. */
export type ChartItem = { seriesIndex: number; dataIndex: number; name: string };

export type EChartProps = {
  option: ChartOption;
  /** The chart's accessible name, e.g. "Views and searches by day". */
  ariaLabel: string;
  /** A sentence summing the data up (read by screen readers before the table). */
  summary?: string;
  /** The chart's data as a table, behind a "show as table" toggle. */
  table?: ChartTable;
  height?: number;
  /** No data: an empty state instead of empty axes. */
  isEmpty?: boolean;
  className?: string;
  /**
   * A click on a bar, point or cell (drill-down). Pointer only: give keyboard users the same
   * action in `table`.
   */
  onItemClick?: (item: ChartItem) => void;
};

/**
 * DESIGN §8 "charts": the console's one chart component. ECharts over `echarts/core` (only the
 * registered charts), themed from the current antd tokens, resized with its container, with an
 * accessible name and a table of its data.
 */
export const EChart = ({
  option,
  ariaLabel,
  summary,
  table,
  height = 300,
  isEmpty = false,
  className,
  onItemClick,
}: EChartProps) => {
  const { t } = useTranslation(CHARTS_NS);
  const { token } = antdTheme.useToken();
  const chartTheme = useMemo(() => buildChartTheme(token), [token]);
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const latestOption = useRef(option);
  latestOption.current = option;
  const latestClick = useRef(onItemClick);
  latestClick.current = onItemClick;

  // A theme change needs a new instance (ECharts applies a theme only at init).
  useEffect(() => {
    const element = container.current;
    if (!element || isEmpty) return;
    const instance = init(element, chartTheme, {
      renderer: 'svg',
      // jsdom and hidden tabs measure 0; the observer below resizes once it is laid out.
      width: element.clientWidth || undefined,
      height,
    });
    instance.setOption(latestOption.current);
    instance.on('click', (params) => {
      const { seriesIndex, dataIndex, name } = params as Partial<ChartItem>;
      if (typeof seriesIndex === 'number' && typeof dataIndex === 'number')
        latestClick.current?.({ seriesIndex, dataIndex, name: name ?? '' });
    });
    chart.current = instance;
    const observer = new ResizeObserver(() => {
      if (!instance.isDisposed()) instance.resize({ width: 'auto', height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [chartTheme, height, isEmpty]);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return (
    <figure className={['ok-chart', className].filter(Boolean).join(' ')}>
      {isEmpty ? (
        <div className="ok-chart__empty" style={{ height }}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
        </div>
      ) : (
        <div
          ref={container}
          className="ok-chart__canvas"
          style={{ height }}
          role="img"
          aria-label={ariaLabel}
        />
      )}
      {summary && <figcaption className="ok-chart__summary">{summary}</figcaption>}
      {table && !isEmpty && (
        <details className="ok-chart__table">
          <summary>{t('showTable')}</summary>
          <table>
            <caption>{ariaLabel}</caption>
            <thead>
              <tr>
                {table.columns.map((column, index) => (
                  <th key={index} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, index) => (
                <tr key={index}>
                  {row.map((cell, column) =>
                    column === 0 ? (
                      <th key={column} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={column}>{cell}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </figure>
  );
};
