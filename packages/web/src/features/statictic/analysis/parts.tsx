import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { HintedTitle } from '../../../shared/charts';
import { CHARTS_NS } from '../../../shared/charts/i18n';
import type { MetricInfo } from './figures';

/** A figure's name with its definition and formula from the registry (column headings). */
export const MetricTitle = ({ info }: { info: MetricInfo }) => (
  <HintedTitle title={info.label} description={info.description} formula={info.formula} />
);

/** A count that opens the conversations behind it; plain text when there is nothing to open. */
export const CountLink = ({
  text,
  value,
  label,
  onDrill,
}: {
  /** The count as shown. */
  text: string;
  value: number | null | undefined;
  /** What the count is of (the link's description). */
  label: string;
  onDrill?: () => void;
}) => {
  const { t } = useTranslation(CHARTS_NS);
  if (!onDrill || !value) return <>{text}</>;
  return (
    <Button
      type="link"
      size="small"
      className="ok-statistic-analysis__count"
      title={t('drillOf', { title: label })}
      onClick={onDrill}
    >
      {text}
    </Button>
  );
};
