import dayjs from 'dayjs';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ROBOT_NS } from './i18n';

/* Small pieces the robot pages share. */

export const formatTime = (ms: number | null | undefined): string =>
  ms === null || ms === undefined ? '—' : dayjs(ms).format('YYYY-MM-DD HH:mm');

/** A confidence 0–1 as a whole percentage ("73%"). */
export const formatScore = (score: number): string => `${Math.round(score * 100)}%`;

/** Named tags, or `emptyText` (e.g. "every group") when there are none. */
export const NameTags = ({
  names,
  emptyText,
  color,
}: {
  names: { key: string; name: string }[];
  emptyText?: string;
  color?: string;
}) => {
  const { t } = useTranslation(ROBOT_NS);
  if (names.length === 0)
    return <Typography.Text type="secondary">{emptyText ?? t('common.none')}</Typography.Text>;
  return (
    <Space size={[0, 4]} wrap>
      {names.map((item) => (
        <Tag key={item.key} color={color}>
          {item.name}
        </Tag>
      ))}
    </Space>
  );
};
