import dayjs from 'dayjs';
import { Space, Tag, Tooltip, Typography } from 'antd';
import { DislikeOutlined, LikeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ArticleSummary, CategoryBrief } from '@openkefu/contract';
import { KB_NS } from './i18n';

/* Small pieces the knowledge-base pages share. */

export const formatTime = (ms: number | null | undefined): string =>
  ms === null || ms === undefined ? '—' : dayjs(ms).format('YYYY-MM-DD HH:mm');

export const formatDay = (ms: number | null | undefined): string =>
  ms === null || ms === undefined ? '—' : dayjs(ms).format('YYYY-MM-DD');

/** Draft, scheduled (with its time) or published; in the trash wins over all. */
export const ArticleStatusTag = ({ article }: { article: ArticleSummary }) => {
  const { t } = useTranslation(KB_NS);
  if (article.deletedAt !== null) return <Tag color="red">{t('status.deleted')}</Tag>;
  if (article.status === 'scheduled')
    return (
      <Tooltip title={t('status.scheduledAt', { time: formatTime(article.publishAt) })}>
        <Tag color="blue">
          {t('status.scheduled')} · {formatTime(article.publishAt)}
        </Tag>
      </Tooltip>
    );
  if (article.status === 'published') return <Tag color="green">{t('status.published')}</Tag>;
  return <Tag>{t('status.draft')}</Tag>;
};

export const CategoryTags = ({ categories }: { categories: CategoryBrief[] }) => {
  const { t } = useTranslation(KB_NS);
  if (categories.length === 0) return <Typography.Text type="secondary">{t('none')}</Typography.Text>;
  return (
    <Space size={[0, 4]} wrap>
      {categories.map((category) => (
        <Tag key={category.cid}>{category.name}</Tag>
      ))}
    </Space>
  );
};

export const Votes = ({ helpful, useless }: { helpful: number; useless: number }) => {
  const { t } = useTranslation(KB_NS);
  return (
    <Space size={12}>
      <span aria-label={t('columns.helpfulCount', { count: helpful })}>
        <LikeOutlined aria-hidden /> {helpful}
      </span>
      <span aria-label={t('columns.uselessCount', { count: useless })}>
        <DislikeOutlined aria-hidden /> {useless}
      </span>
    </Space>
  );
};

/** Attachment paths may be relative to the server; a copied link must work anywhere. */
export const absoluteUrl = (path: string): string => new URL(path, window.location.origin).href;
