import './i18n';
import dayjs, { type Dayjs } from 'dayjs';
import { DatePicker } from 'antd';
import { useTranslation } from 'react-i18next';
import { CHARTS_NS } from './i18n';

/** A statistics page's period: whole local days, inclusive. */
export type StatisticRange = [Dayjs, Dayjs];

const lastDays = (count: number): StatisticRange => [
  dayjs()
    .subtract(count - 1, 'day')
    .startOf('day'),
  dayjs().endOf('day'),
];

/** The last 30 days, today included: where every statistics page starts. */
export const defaultStatisticRange = (): StatisticRange => lastDays(30);

/** The range as the statistics calls take it (ms, inclusive). */
export const rangeBounds = (range: StatisticRange) => ({
  from: range[0].startOf('day').valueOf(),
  to: range[1].endOf('day').valueOf(),
});

const yesterday = (): StatisticRange => [
  dayjs().subtract(1, 'day').startOf('day'),
  dayjs().subtract(1, 'day').endOf('day'),
];

/**
 * The period picker every statistics page shares: no future days, at most `maxDays` (the
 * statistics calls answer up to 366), presets for 7, 30 and 90 days, and with `hasDayPresets`
 * today and yesterday first (pages that chart by hour).
 */
export const StatisticPeriodPicker = ({
  value,
  onChange,
  maxDays = 366,
  hasDayPresets = false,
}: {
  value: StatisticRange;
  onChange: (range: StatisticRange) => void;
  maxDays?: number;
  hasDayPresets?: boolean;
}) => {
  const { t } = useTranslation(CHARTS_NS);
  const dayPresets = hasDayPresets
    ? [
        { label: t('today'), value: lastDays(1) },
        { label: t('yesterday'), value: yesterday() },
      ]
    : [];
  return (
    <DatePicker.RangePicker
      aria-label={t('period')}
      value={value}
      allowClear={false}
      disabledDate={(day) =>
        day.isAfter(dayjs().endOf('day')) || day.isBefore(value[1].subtract(maxDays, 'day'))
      }
      onChange={(picked) => {
        if (picked?.[0] && picked[1]) onChange([picked[0], picked[1]]);
      }}
      presets={[
        ...dayPresets,
        { label: t('last7'), value: lastDays(7) },
        { label: t('last30'), value: lastDays(30) },
        { label: t('last90'), value: lastDays(90) },
      ]}
    />
  );
};
