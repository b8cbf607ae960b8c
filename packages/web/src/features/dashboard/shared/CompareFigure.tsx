import { Card, Statistic, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatChange } from './format';
import { DASHBOARD_NS } from './i18n';

export type CompareFigureProps = {
  title: string;
  /** The figure's definition (the metric registry's description), behind an info icon. */
  description?: string;
  value: string;
  /** The figure it is compared with, already formatted ("—" when there is none). */
  previous: string;
  /** How the comparison is named: "Yesterday", "Previous 7 days". */
  previousLabel: string;
  /** (now − then) / then; null when there is nothing to compare with. */
  change: number | null;
  /** Whether a rise is good news (green) or bad news (red). */
  isHigherBetter: boolean;
  /** Over a threshold: the figure turns red. */
  isAlert?: boolean;
};

/** A headline figure with what it was before and how it moved, coloured by whether that is good news. */
export const CompareFigure = ({
  title,
  description,
  value,
  previous,
  previousLabel,
  change,
  isHigherBetter,
  isAlert = false,
}: CompareFigureProps) => {
  const { t } = useTranslation(DASHBOARD_NS);
  const percent = change === null ? 0 : Math.round(change * 1000) / 10;
  const isGood = percent > 0 === isHigherBetter;
  return (
    <Card size="small" className="ok-dashboard-figure">
      <Statistic
        title={
          description ? (
            <span>
              {title}{' '}
              <Tooltip title={description}>
                <InfoCircleOutlined aria-label={description} />
              </Tooltip>
            </span>
          ) : (
            title
          )
        }
        value={value}
        styles={isAlert ? { content: { color: 'var(--ant-color-error, #ff4d4f)' } } : undefined}
      />
      <div className="ok-dashboard-figure__compare">
        <Typography.Text type="secondary">
          {t('common.previous', { label: previousLabel, value: previous })}
        </Typography.Text>
        {change === null || percent === 0 ? null : (
          <Typography.Text type={isGood ? 'success' : 'danger'}>
            {percent > 0 ? <ArrowUpOutlined aria-hidden /> : <ArrowDownOutlined aria-hidden />}{' '}
            {formatChange(change)}
          </Typography.Text>
        )}
      </div>
    </Card>
  );
};
