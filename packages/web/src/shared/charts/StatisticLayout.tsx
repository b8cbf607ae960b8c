import './i18n';
import type { ReactNode } from 'react';
import { Alert, Button, Card, Col, Row, Skeleton, Statistic, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, InfoCircleOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { parseError } from '../api/parseError';
import { CHARTS_NS } from './i18n';

export type KpiItem = {
  key: string;
  title: string;
  value: number | string;
  suffix?: ReactNode;
  /** What the figure means, shown beside its title. */
  description?: string;
  /** How the figure is computed: the tooltip's second line. */
  formula?: string;
  /**
   * The relative change against the previous period (0.125 = +12.5 %); null when there is nothing
   * to compare with (no figure, or 0, before). Absent: no change line.
   */
  change?: number | null;
  /** Whether a rise is good news: colours the change green or red. Default true. */
  isHigherBetter?: boolean;
  /** Opens what is behind the figure (drill-down). */
  onDrill?: () => void;
};

/** A relative change as a signed percentage with one decimal: "+12.5%", "−3%", "0%". */
export const formatChange = (change: number): string => {
  const percent = Math.round(change * 1000) / 10;
  return `${percent > 0 ? '+' : percent < 0 ? '−' : ''}${Math.abs(percent)}%`;
};

const ChangeText = ({ change, isHigherBetter }: { change: number | null; isHigherBetter: boolean }) => {
  const { t } = useTranslation(CHARTS_NS);
  if (change === null) return <Typography.Text type="secondary">{t('noPrevious')}</Typography.Text>;
  const text = t('vsPrevious', { change: formatChange(change) });
  const percent = Math.round(change * 1000) / 10;
  if (percent === 0) return <Typography.Text type="secondary">{text}</Typography.Text>;
  const isGood = percent > 0 === isHigherBetter;
  return (
    <Typography.Text type={isGood ? 'success' : 'danger'}>
      {percent > 0 ? <ArrowUpOutlined aria-hidden /> : <ArrowDownOutlined aria-hidden />} {text}
    </Typography.Text>
  );
};

/** A figure's name with what it means and how it is computed behind an info icon (cards, column headings). */
export const HintedTitle = ({
  title,
  description,
  formula,
}: {
  title: string;
  description?: string;
  formula?: string;
}) => {
  const { t } = useTranslation(CHARTS_NS);
  const hints = [description, formula ? t('formula', { formula }) : undefined].filter(
    (hint): hint is string => Boolean(hint),
  );
  if (hints.length === 0) return <>{title}</>;
  return (
    <span>
      {title}{' '}
      <Tooltip
        title={hints.map((hint) => (
          <div key={hint}>{hint}</div>
        ))}
      >
        <InfoCircleOutlined aria-label={hints.join(' ')} />
      </Tooltip>
    </span>
  );
};

/**
 * The row of headline figures every statistics page opens with; with `change`, each card says how
 * the figure moved against the previous period, and with `onDrill` it opens what is behind it.
 */
export const KpiCards = ({ items }: { items: readonly KpiItem[] }) => {
  const { t } = useTranslation(CHARTS_NS);
  return (
    <Row gutter={[16, 16]}>
      {items.map((item) => (
        <Col key={item.key} xs={12} md={8} xl={Math.max(4, Math.floor(24 / Math.max(1, items.length)))}>
          <Card size="small" className="ok-kpi">
            <Statistic
              title={<HintedTitle title={item.title} description={item.description} formula={item.formula} />}
              value={item.value}
              suffix={item.suffix}
            />
            {item.change !== undefined || item.onDrill ? (
              <div className="ok-kpi__footer">
                {item.change !== undefined ? (
                  <ChangeText change={item.change} isHigherBetter={item.isHigherBetter ?? true} />
                ) : (
                  <span />
                )}
                {item.onDrill ? (
                  <Button
                    type="link"
                    size="small"
                    className="ok-kpi__drill"
                    aria-label={t('drillOf', { title: item.title })}
                    onClick={item.onDrill}
                  >
                    {t('drill')}
                  </Button>
                ) : null}
              </div>
            ) : null}
          </Card>
        </Col>
      ))}
    </Row>
  );
};

/**
 * A statistics query's three states: the error with a retry, a skeleton while the first answer
 * is on its way, then the figures (kept on screen while a new period loads).
 */
export const StatisticQueryView = <T,>({
  query,
  errorTitle,
  children,
}: {
  query: UseQueryResult<T>;
  /** A heading for the error; the server's message then becomes its description. */
  errorTitle?: string;
  children: (data: T) => ReactNode;
}) => {
  const { t } = useTranslation(CHARTS_NS);
  if (query.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={errorTitle ?? parseError(query.error).message}
        description={errorTitle ? parseError(query.error).message : undefined}
        action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
      />
    );
  if (query.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  return <>{children(query.data)}</>;
};
