import '../shared/i18n';
import '../shared/kb.css';
import { Alert, Button, Descriptions, Image, List, Result, Skeleton, Space, Typography } from 'antd';
import { ArrowLeftOutlined, CopyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isHttpError } from '../../../shared/api/http';
import { parseError } from '../../../shared/api/parseError';
import { copyText } from '../../../shared/utils/copy';
import { formatFileSize } from '../../../shared/utils/fileSize';
import { fetchAttachment } from '../shared/api';
import { absoluteUrl, formatTime } from '../shared/display';
import { KB_NS } from '../shared/i18n';

const LIBRARY_PATH = '/stable/kb/upload';

/** Knowledge base → one attachment (`/stable/kb/attachment?aid=…`, a route without a menu item). */
export const AttachmentDetailPage = () => {
  const { t } = useTranslation(KB_NS);
  const [searchParams] = useSearchParams();
  const aid = searchParams.get('aid')?.trim() ?? '';
  const query = useQuery({
    queryKey: ['kb', 'attachment', aid],
    queryFn: () => fetchAttachment(aid),
    enabled: aid !== '',
  });

  const back = (
    <Link to={LIBRARY_PATH}>
      <ArrowLeftOutlined /> {t('attachment.back')}
    </Link>
  );

  if (aid === '') return <Result status="info" title={t('attachment.noneChosen')} extra={back} />;
  if (query.isError)
    return isHttpError(query.error) && query.error.status === 404 ? (
      <Result status="404" title={t('attachment.notFound')} extra={back} />
    ) : (
      <Alert type="error" showIcon title={parseError(query.error).message} action={back} />
    );
  if (query.isPending) return <Skeleton active />;

  const attachment = query.data;
  const url = absoluteUrl(attachment.path);
  const isImage = attachment.mediaType.startsWith('image/');

  return (
    <div className="ok-kb-section">
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        {back}
        <Typography.Title level={4} style={{ margin: 0, overflowWrap: 'anywhere' }}>
          {attachment.fileName}
        </Typography.Title>
        {isImage && (
          <Image
            src={attachment.path}
            alt={attachment.fileName}
            style={{ maxHeight: 320, maxWidth: '100%' }}
          />
        )}
        <Descriptions bordered column={1} size="small">
          <Descriptions.Item label={t('attachment.path')}>
            <Space wrap>
              <Typography.Link
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                style={{ overflowWrap: 'anywhere' }}
              >
                {url}
              </Typography.Link>
              <Button size="small" icon={<CopyOutlined />} onClick={() => void copyText(url)}>
                {t('attachments.copy')}
              </Button>
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('attachments.type')}>
            {attachment.mediaType} (.{attachment.suffix}) · {t(`attachments.kinds.${attachment.kind}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('attachments.size')}>
            {formatFileSize(attachment.size)}
          </Descriptions.Item>
          <Descriptions.Item label={t('attachments.uploader')}>
            {attachment.username ?? t('none')}
          </Descriptions.Item>
          <Descriptions.Item label={t('attachments.time')}>
            {formatTime(attachment.createdAt)}
          </Descriptions.Item>
        </Descriptions>
        {attachment.articles !== undefined && (
          <List
            header={<Typography.Text strong>{t('attachments.usedBy')}</Typography.Text>}
            bordered
            size="small"
            locale={{ emptyText: t('attachment.unused') }}
            dataSource={attachment.articles}
            rowKey="aid"
            renderItem={(article) => <List.Item>{article.title}</List.Item>}
          />
        )}
      </Space>
    </div>
  );
};
