import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Empty, Pagination, Popconfirm, Spin, Typography } from 'antd';
import { DeleteOutlined, FileOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '@openkefu/contract';
import { isHttpError } from '../../api/http';
import { parseError } from '../../api/parseError';
import { notify } from '../../feedback/notify';
import { formatFileSize } from '../../utils/fileSize';
import { ATTACHMENTS_QUERY_KEY, ATTACHMENT_PAGE_SIZE, deleteAttachment, fetchAttachments } from './api';
import { AttachmentUploadModal } from './AttachmentUploadModal';
import { UPLOAD_NS } from './i18n';
import type { AttachmentPickerDrawerProps } from './types';
import './Upload.css';

/** Spec §9: the attachments drawer is 480 px wide. */
export const ATTACHMENT_DRAWER_WIDTH = 480;

const isImage = (attachment: Attachment): boolean => attachment.mediaType.startsWith('image/');

/** The 401/403 notices come from the HTTP client; anything else is reported here. */
const reportUnlessHandled = (error: unknown) => {
  if (isHttpError(error) && (error.status === 401 || error.status === 403)) return;
  notify.error({ title: parseError(error).message });
};

const AttachmentCard = ({
  attachment,
  onPick,
  onDelete,
  isDeleting,
}: {
  attachment: Attachment;
  onPick: (attachment: Attachment) => void;
  onDelete: (attachment: Attachment) => void;
  isDeleting: boolean;
}) => {
  const { t } = useTranslation(UPLOAD_NS);
  return (
    <div className="ok-picker__item" data-testid="attachment-item">
      <button
        type="button"
        className="ok-picker__pick"
        title={attachment.fileName}
        aria-label={`${t('picker.pick')} ${attachment.fileName}`}
        onClick={() => onPick(attachment)}
      >
        <span className="ok-picker__thumb">
          {isImage(attachment) ? (
            <img src={attachment.thumbPath ?? attachment.path} alt={attachment.fileName} loading="lazy" />
          ) : (
            <FileOutlined />
          )}
        </span>
        <span className="ok-picker__name">{attachment.fileName}</span>
      </button>
      <span className="ok-picker__meta">
        <span>{formatFileSize(attachment.size)}</span>
        <Popconfirm
          title={t('picker.deleteConfirm', { name: attachment.fileName })}
          okText={t('picker.deleteOk')}
          cancelText={t('picker.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => onDelete(attachment)}
        >
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            loading={isDeleting}
            aria-label={`${t('picker.delete')} ${attachment.fileName}`}
          />
        </Popconfirm>
      </span>
    </div>
  );
};

/**
 * The attachment picker (spec §2/§9): a 480 px drawer listing the organisation's attachments 12
 * to a page, newest first; click one to pick it, delete with confirmation, or upload a new one.
 */
export const AttachmentPickerDrawer = ({ open, onClose, mediaType, onPick }: AttachmentPickerDrawerProps) => {
  const { t } = useTranslation(UPLOAD_NS);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [isUploadOpen, setIsUploadOpen] = useState(false);

  const query = useQuery({
    queryKey: [...ATTACHMENTS_QUERY_KEY, mediaType ?? 'all', page],
    queryFn: ({ signal }) => fetchAttachments(page, mediaType, signal),
    enabled: open,
    placeholderData: keepPreviousData,
  });

  const removal = useMutation({
    mutationFn: (attachment: Attachment) => deleteAttachment(attachment.aid),
    onSuccess: async () => {
      void message.success(t('picker.deleted'));
      // The last item of a later page: step back rather than show an empty page.
      if (page > 0 && query.data?.content.length === 1) setPage(page - 1);
      await queryClient.invalidateQueries({ queryKey: ATTACHMENTS_QUERY_KEY });
    },
    onError: reportUnlessHandled,
  });

  const data = query.data;
  const items = data?.content ?? [];
  const isImagesOnly = mediaType === 'image';

  return (
    <Drawer
      title={t(isImagesOnly ? 'picker.titleImages' : 'picker.title')}
      open={open}
      onClose={onClose}
      size={ATTACHMENT_DRAWER_WIDTH}
    >
      <div className="ok-picker__toolbar">
        <Button type="primary" icon={<UploadOutlined />} onClick={() => setIsUploadOpen(true)}>
          {t('picker.upload')}
        </Button>
        {data && (
          <Typography.Text type="secondary">
            {t('picker.total', { count: data.totalElements })}
          </Typography.Text>
        )}
      </div>
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('picker.loadFailed', { message: parseError(query.error).message })}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('picker.retry')}
            </Button>
          }
        />
      ) : (
        <Spin spinning={query.isFetching}>
          {items.length === 0 ? (
            query.isPending ? (
              <div style={{ minHeight: 200 }} />
            ) : (
              <Empty description={t(isImagesOnly ? 'picker.emptyImages' : 'picker.empty')} />
            )
          ) : (
            <div className="ok-picker__grid">
              {items.map((attachment) => (
                <AttachmentCard
                  key={attachment.aid}
                  attachment={attachment}
                  onPick={onPick}
                  onDelete={(target) => removal.mutate(target)}
                  isDeleting={removal.isPending && removal.variables.aid === attachment.aid}
                />
              ))}
            </div>
          )}
        </Spin>
      )}
      {data && data.totalElements > ATTACHMENT_PAGE_SIZE && (
        <div className="ok-picker__pagination">
          <Pagination
            size="small"
            current={page + 1}
            pageSize={ATTACHMENT_PAGE_SIZE}
            total={data.totalElements}
            showSizeChanger={false}
            onChange={(next) => setPage(next - 1)}
          />
        </div>
      )}
      <AttachmentUploadModal
        open={isUploadOpen}
        onClose={() => setIsUploadOpen(false)}
        kind={isImagesOnly ? 'image' : 'attachment'}
        onUploaded={() => {
          setIsUploadOpen(false);
          // The new attachment is the newest: show the first page.
          setPage(0);
          void queryClient.invalidateQueries({ queryKey: ATTACHMENTS_QUERY_KEY });
        }}
      />
    </Drawer>
  );
};
