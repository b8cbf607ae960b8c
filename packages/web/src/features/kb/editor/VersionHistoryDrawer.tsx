import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Drawer,
  Empty,
  List,
  Modal,
  Popconfirm,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Article } from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { fetchVersion, fetchVersions, restoreVersion } from '../shared/api';
import { formatTime } from '../shared/display';
import { KB_NS } from '../shared/i18n';

export type VersionHistoryDrawerProps = {
  open: boolean;
  article: Article;
  canRestore: boolean;
  onClose: () => void;
  onRestored: (article: Article) => void;
};

/** An article's saved versions, newest first: view one, or restore it as a new version. */
export const VersionHistoryDrawer = ({
  open,
  article,
  canRestore,
  onClose,
  onRestored,
}: VersionHistoryDrawerProps) => {
  const { t } = useTranslation(KB_NS);
  const { message: toast } = App.useApp();
  const [viewing, setViewing] = useState<number | null>(null);

  const versions = useQuery({
    queryKey: ['kb', 'versions', article.aid, article.version],
    queryFn: () => fetchVersions(article.aid),
    enabled: open,
  });
  const detail = useQuery({
    queryKey: ['kb', 'version', article.aid, viewing],
    queryFn: () => fetchVersion(article.aid, viewing as number),
    enabled: viewing !== null,
  });
  const restore = useMutation({
    mutationFn: (version: number) => restoreVersion(article.aid, version),
    onSuccess: (restored, version) => {
      void toast.success(t('versions.restored', { version, next: restored.version }));
      setViewing(null);
      onRestored(restored);
    },
    onError: reportUnlessHandled,
  });

  const restoreButton = (version: number) =>
    canRestore && version !== article.version ? (
      <Popconfirm
        key="restore"
        title={t('versions.restoreConfirm', { version })}
        description={t('versions.restoreHint')}
        okText={t('versions.restore')}
        cancelText={t('actions.cancel')}
        onConfirm={() => restore.mutateAsync(version).catch(() => undefined)}
      >
        <Button size="small" loading={restore.isPending && restore.variables === version}>
          {t('versions.restore')}
        </Button>
      </Popconfirm>
    ) : null;

  return (
    <Drawer open={open} onClose={onClose} title={t('versions.title')} size={420}>
      {versions.isError ? (
        <Alert type="error" showIcon title={parseError(versions.error).message} />
      ) : versions.isPending ? (
        <Skeleton active />
      ) : versions.data.length === 0 ? (
        <Empty description={t('versions.empty')} />
      ) : (
        <List
          dataSource={versions.data}
          rowKey="version"
          renderItem={(version) => (
            <List.Item
              actions={[
                <Button key="view" size="small" type="link" onClick={() => setViewing(version.version)}>
                  {t('versions.view')}
                </Button>,
                restoreButton(version.version),
              ]}
            >
              <List.Item.Meta
                title={
                  <Space size={4}>
                    <span>{t('versions.number', { version: version.version })}</span>
                    {version.version === article.version && <Tag color="green">{t('versions.current')}</Tag>}
                  </Space>
                }
                description={
                  <>
                    <Typography.Text ellipsis style={{ display: 'block' }}>
                      {version.title}
                    </Typography.Text>
                    <Typography.Text type="secondary">
                      {formatTime(version.createdAt)} · {version.author?.nickname ?? t('none')}
                    </Typography.Text>
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
      <Modal
        open={viewing !== null}
        title={viewing !== null ? t('versions.viewTitle', { version: viewing }) : ''}
        onCancel={() => setViewing(null)}
        width={760}
        footer={
          <Space>
            <Button onClick={() => setViewing(null)}>{t('actions.close')}</Button>
            {viewing !== null && restoreButton(viewing)}
          </Space>
        }
      >
        {detail.isError ? (
          <Alert type="error" showIcon title={parseError(detail.error).message} />
        ) : !detail.data ? (
          <Skeleton active />
        ) : (
          <article className="ok-kb-version">
            <Typography.Title level={4}>{detail.data.title}</Typography.Title>
            {detail.data.summary && (
              <Typography.Paragraph type="secondary">{detail.data.summary}</Typography.Paragraph>
            )}
            {detail.data.keywords.length > 0 && (
              <Space size={[0, 4]} wrap style={{ marginBottom: 12 }}>
                {detail.data.keywords.map((keyword) => (
                  <Tag key={keyword}>{keyword}</Tag>
                ))}
              </Space>
            )}
            {/* Stored content is HTML sanitised by the server's allow-list (contract `articleSchema.content`). */}
            <div className="ok-rich-text" dangerouslySetInnerHTML={{ __html: detail.data.content }} />
          </article>
        )}
      </Modal>
    </Drawer>
  );
};
