import './i18n';
import type { ReactNode } from 'react';
import { Alert, Button, Card, Col, Row, Skeleton, Statistic, Tooltip } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { parseError } from '../api/parseError';
import { CHARTS_NS } from './i18n';

export type KpiItem = {
  key: string;
  title: string;
  value: number | string;
  suffix?: ReactNode;
  /** How the figure is computed, shown beside its title. */
  description?: string;
};

/** The row of headline figures every statistics page opens with. */
export const KpiCards = ({ items }: { items: readonly KpiItem[] }) => (
  <Row gutter={[16, 16]}>
    {items.map((item) => (
      <Col key={item.key} xs={12} md={8} xl={Math.max(4, Math.floor(24 / Math.max(1, items.length)))}>
        <Card size="small">
          <Statistic
            title={
              item.description ? (
                <span>
                  {item.title}{' '}
                  <Tooltip title={item.description}>
                    <InfoCircleOutlined aria-label={item.description} />
                  </Tooltip>
                </span>
              ) : (
                item.title
              )
            }
            value={item.value}
            suffix={item.suffix}
          />
        </Card>
      </Col>
    ))}
  </Row>
);

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
