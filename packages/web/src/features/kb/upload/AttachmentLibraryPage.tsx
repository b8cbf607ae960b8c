import '../shared/i18n';
import '../shared/kb.css';
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Empty,
  Image,
  Input,
  Pagination,
  Popconfirm,
  Segmented,
  Select,
  Space,
  Spin,
  Table,
  Tooltip,
  Typography,
} from 'antd';
import {
  AppstoreOutlined,
  BarsOutlined,
  CopyOutlined,
  DeleteOutlined,
  FileOutlined,
  InfoCircleOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { uploadKindValues, type Attachment, type UploadKind } from '@openkefu/contract';
import { isHttpError } from '../../../shared/api/http';
import { parseError } from '../../../shared/api/parseError';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { useCan } from '../../../shared/components/Authorized';
import { AttachmentUploadModal } from '../../../shared/components/Upload';
import {
  ATTACHMENT_PAGE_SIZE,
  ATTACHMENTS_QUERY_KEY,
  deleteAttachment,
  fetchAttachmentPage,
} from '../../../shared/components/Upload/api';
import { copyText } from '../../../shared/utils/copy';
import { formatFileSize } from '../../../shared/utils/fileSize';
import { absoluteUrl, formatTime } from '../shared/display';
import { KB_NS } from '../shared/i18n';

const PERMISSION = 'kb.upload';
export const ATTACHMENT_DETAIL_PATH = '/stable/kb/attachment';

const isImage = (attachment: Attachment): boolean => attachment.mediaType.startsWith('image/');

type MediaFilter = 'all' | 'image' | 'file';

/** The articles a 409 names: from the body's `articles` when the server lists them. */
const articlesOfConflict = (error: unknown): { aid: string; title: string }[] => {
  if (!isHttpError(error)) return [];
  const body = error.body as { articles?: unknown } | undefined;
  if (!body || !Array.isArray(body.articles)) return [];
  return body.articles.filter(
    (item): item is { aid: string; title: string } =>
      typeof item === 'object' && item !== null && typeof (item as { title?: unknown }).title === 'string',
  );
};

/**
 * Knowledge base → attachments (`/stable/kb/upload`): the organisation's files 12 to a page (spec
 * §9), as a grid or a list, filtered by kind, media type and name; upload, copy a link, preview,
 * delete (an attachment still used by articles is refused, and the articles are named).
 */
export const AttachmentLibraryPage = () => {
  const { t } = useTranslation(KB_NS);
  const { message: toast, modal } = App.useApp();
  const canDo = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [keyword, setKeyword] = useState('');
  const [kind, setKind] = useState<UploadKind | undefined>(undefined);
  const [media, setMedia] = useState<MediaFilter>('all');
  const [layout, setLayout] = useState<'grid' | 'list'>('grid');
  const [isUploadOpen, setUploadOpen] = useState(false);
  const [deleting, setDeleting] = useState<string | null>(null);
  const canAdd = canDo(`${PERMISSION}.add`);
  const canDelete = canDo(`${PERMISSION}.delete`);

  const query = useQuery({
    queryKey: [...ATTACHMENTS_QUERY_KEY, 'library', { page, keyword, kind, media }],
    queryFn: ({ signal }) =>
      fetchAttachmentPage(
        { page, size: ATTACHMENT_PAGE_SIZE, kind, keyword, mediaType: media === 'all' ? undefined : media },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

  const refresh = () => void queryClient.invalidateQueries({ queryKey: ATTACHMENTS_QUERY_KEY });

  const remove = async (attachment: Attachment) => {
    setDeleting(attachment.aid);
    try {
      await deleteAttachment(attachment.aid);
      void toast.success(t('attachments.deleted'));
      if (page > 0 && query.data?.content.length === 1) setPage(page - 1);
      refresh();
    } catch (error) {
      if (isHttpError(error) && error.status === 409) {
        const articles = articlesOfConflict(error);
        modal.error({
          title: t('attachments.inUseTitle', { name: attachment.fileName }),
          content: (
            <>
              <p>{parseError(error).message}</p>
              {articles.length > 0 && (
                <ul aria-label={t('attachments.usedBy')}>
                  {articles.map((article) => (
                    <li key={article.aid}>{article.title}</li>
                  ))}
                </ul>
              )}
              <p>{t('attachments.inUseHint')}</p>
            </>
          ),
          okText: t('actions.close'),
        });
      } else {
        reportUnlessHandled(error);
      }
    } finally {
      setDeleting(null);
    }
  };

  const copyLink = (attachment: Attachment) => void copyText(absoluteUrl(attachment.path));
  const openDetail = (attachment: Attachment) =>
    navigate(`${ATTACHMENT_DETAIL_PATH}?aid=${encodeURIComponent(attachment.aid)}`);

  const actions = (attachment: Attachment) => (
    <Space size={0}>
      <Tooltip title={t('attachments.copy')}>
        <Button
          type="text"
          size="small"
          icon={<CopyOutlined />}
          aria-label={t('attachments.copyOf', { name: attachment.fileName })}
          onClick={() => copyLink(attachment)}
        />
      </Tooltip>
      <Tooltip title={t('attachments.details')}>
        <Button
          type="text"
          size="small"
          icon={<InfoCircleOutlined />}
          aria-label={t('attachments.detailsOf', { name: attachment.fileName })}
          onClick={() => openDetail(attachment)}
        />
      </Tooltip>
      {canDelete && (
        <Popconfirm
          title={t('attachments.deleteConfirm', { name: attachment.fileName })}
          description={t('attachments.deleteHint')}
          okText={t('actions.delete')}
          okButtonProps={{ danger: true }}
          cancelText={t('actions.cancel')}
          onConfirm={() => remove(attachment)}
        >
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            loading={deleting === attachment.aid}
            aria-label={t('attachments.deleteOf', { name: attachment.fileName })}
          />
        </Popconfirm>
      )}
    </Space>
  );

  const thumbnail = (attachment: Attachment, size?: number) =>
    isImage(attachment) ? (
      <Image
        src={attachment.thumbPath ?? attachment.path}
        preview={{ src: attachment.path }}
        alt={attachment.fileName}
        width={size}
      />
    ) : (
      <FileOutlined aria-hidden />
    );

  const data = query.data;
  const items = data?.content ?? [];

  return (
    <div className="ok-kb-section">
      <div className="ok-kb-toolbar">
        <Input.Search
          allowClear
          aria-label={t('attachments.search')}
          placeholder={t('attachments.search')}
          style={{ width: 240 }}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage(0);
          }}
        />
        <Segmented<MediaFilter>
          aria-label={t('attachments.mediaType')}
          value={media}
          onChange={(value) => {
            setMedia(value);
            setPage(0);
          }}
          options={[
            { value: 'all', label: t('attachments.media.all') },
            { value: 'image', label: t('attachments.media.image') },
            { value: 'file', label: t('attachments.media.file') },
          ]}
        />
        <Select<UploadKind>
          allowClear
          aria-label={t('attachments.kind')}
          placeholder={t('attachments.kind')}
          style={{ width: 160 }}
          value={kind}
          onChange={(value) => {
            setKind(value);
            setPage(0);
          }}
          options={uploadKindValues.map((value) => ({ value, label: t(`attachments.kinds.${value}`) }))}
        />
        <Segmented<'grid' | 'list'>
          aria-label={t('attachments.layout')}
          value={layout}
          onChange={setLayout}
          options={[
            { value: 'grid', icon: <AppstoreOutlined />, title: t('attachments.grid') },
            { value: 'list', icon: <BarsOutlined />, title: t('attachments.list') },
          ]}
        />
        <span style={{ flex: 1 }} />
        {data && (
          <Typography.Text type="secondary">
            {t('attachments.total', { count: data.totalElements })}
          </Typography.Text>
        )}
        {canAdd && (
          <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploadOpen(true)}>
            {t('attachments.upload')}
          </Button>
        )}
      </div>
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          title={parseError(query.error).message}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('actions.retry')}
            </Button>
          }
        />
      ) : layout === 'grid' ? (
        <Spin spinning={query.isFetching}>
          {items.length === 0 ? (
            query.isPending ? (
              <div style={{ minHeight: 200 }} />
            ) : (
              <Empty description={t('attachments.empty')} />
            )
          ) : (
            <ul
              className="ok-kb-attachments"
              aria-label={t('attachments.title')}
              style={{ listStyle: 'none', padding: 0 }}
            >
              {items.map((attachment) => (
                <li key={attachment.aid} className="ok-kb-attachment" data-testid="attachment-card">
                  <div className="ok-kb-attachment__thumb">{thumbnail(attachment)}</div>
                  <Typography.Text className="ok-kb-attachment__name" title={attachment.fileName}>
                    {attachment.fileName}
                  </Typography.Text>
                  <Space style={{ justifyContent: 'space-between' }}>
                    <Typography.Text type="secondary">{formatFileSize(attachment.size)}</Typography.Text>
                    {actions(attachment)}
                  </Space>
                </li>
              ))}
            </ul>
          )}
        </Spin>
      ) : (
        <Table<Attachment>
          rowKey="aid"
          loading={query.isFetching}
          dataSource={items}
          pagination={false}
          locale={{ emptyText: t('attachments.empty') }}
          scroll={{ x: 800 }}
          columns={[
            {
              title: t('attachments.preview'),
              key: 'thumb',
              width: 80,
              render: (_, row) => thumbnail(row, 48),
            },
            { title: t('attachments.name'), key: 'name', render: (_, row) => row.fileName },
            { title: t('attachments.type'), key: 'type', width: 140, render: (_, row) => row.mediaType },
            {
              title: t('attachments.size'),
              key: 'size',
              width: 100,
              render: (_, row) => formatFileSize(row.size),
            },
            {
              title: t('attachments.uploader'),
              key: 'user',
              width: 120,
              render: (_, row) => row.username ?? t('none'),
            },
            {
              title: t('attachments.time'),
              key: 'time',
              width: 150,
              render: (_, row) => formatTime(row.createdAt),
            },
            { title: t('columns.actions'), key: 'actions', width: 120, render: (_, row) => actions(row) },
          ]}
        />
      )}
      {data && data.totalElements > ATTACHMENT_PAGE_SIZE && (
        <Pagination
          style={{ marginTop: 16, textAlign: 'right' }}
          current={page + 1}
          pageSize={ATTACHMENT_PAGE_SIZE}
          total={data.totalElements}
          showSizeChanger={false}
          onChange={(next) => setPage(next - 1)}
        />
      )}
      <AttachmentUploadModal
        open={isUploadOpen}
        onClose={() => setUploadOpen(false)}
        onUploaded={() => {
          setUploadOpen(false);
          setPage(0);
          refresh();
        }}
      />
    </div>
  );
};
