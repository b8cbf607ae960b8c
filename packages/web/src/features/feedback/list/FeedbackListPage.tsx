import '../shared/i18n';
import { useRef } from 'react';
import dayjs from 'dayjs';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Form,
  Image,
  Input,
  Popconfirm,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Feedback, FeedbackCategory, FeedbackStatus } from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { reportUnlessHandled, showFormError } from '../../../shared/api/reportError';
import { useCan } from '../../../shared/components/Authorized';
import { usePageRequest, type PageQuery } from '../../../shared/table/usePageRequest';
import {
  closeFeedback,
  convertFeedback,
  fetchFeedback,
  fetchFeedbackPage,
  replyFeedback,
  type FeedbackFilters,
} from '../shared/api';
import { FEEDBACK_NS } from '../shared/i18n';

export const CATEGORIES: FeedbackCategory[] = ['suggestion', 'bug', 'complaint', 'praise', 'other'];
const STATUSES: FeedbackStatus[] = ['open', 'replied', 'closed'];
const STATUS_COLORS: Record<FeedbackStatus, string> = { open: 'blue', replied: 'green', closed: 'default' };
const FID_PARAM = 'fid';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const formatTime = (ms: number | null): string => (ms === null ? '—' : dayjs(ms).format('YYYY-MM-DD HH:mm'));

/** Feedback → list (`/stable/feedback/list`): what visitors sent, filtered; `?fid=` opens one. */
export const FeedbackListPage = () => {
  const { t } = useTranslation(FEEDBACK_NS);
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [searchParams, setSearchParams] = useSearchParams();
  const fid = searchParams.get(FID_PARAM);
  const request = usePageRequest<Feedback, FeedbackFilters>(
    (query: PageQuery<FeedbackFilters>) => fetchFeedbackPage(query),
    { onError: reportUnlessHandled },
  );
  const open = (id: string | null) =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      if (id) next.set(FID_PARAM, id);
      else next.delete(FID_PARAM);
      return next;
    });

  const columns: ProColumns<Feedback>[] = [
    {
      title: t('columns.category'),
      dataIndex: 'category',
      width: 110,
      valueType: 'select',
      valueEnum: Object.fromEntries(CATEGORIES.map((value) => [value, { text: t(`categories.${value}`) }])),
      render: (_, row) => <Tag>{t(`categories.${row.category}`)}</Tag>,
    },
    {
      title: t('columns.content'),
      dataIndex: 'content',
      search: false,
      ellipsis: true,
      render: (_, row) => <Typography.Link onClick={() => open(row.fid)}>{row.content}</Typography.Link>,
    },
    {
      title: t('columns.contact'),
      dataIndex: 'contact',
      search: false,
      width: 180,
      render: (_, row) => row.contact || '—',
    },
    {
      title: t('columns.status'),
      dataIndex: 'status',
      width: 100,
      valueType: 'select',
      valueEnum: Object.fromEntries(STATUSES.map((value) => [value, { text: t(`statuses.${value}`) }])),
      render: (_, row) => <Tag color={STATUS_COLORS[row.status]}>{t(`statuses.${row.status}`)}</Tag>,
    },
    {
      title: t('columns.ticket'),
      dataIndex: 'ticketId',
      search: false,
      width: 120,
      render: (_, row) => row.ticketId ?? '—',
    },
    {
      title: t('columns.createdAt'),
      dataIndex: 'created',
      valueType: 'dateRange',
      hideInTable: true,
      search: {
        transform: (value: [string, string]) => ({
          from: dayjs(value[0]).startOf('day').valueOf(),
          to: dayjs(value[1]).endOf('day').valueOf(),
        }),
      },
    },
    {
      title: t('columns.createdAt'),
      dataIndex: 'createdAt',
      search: false,
      width: 150,
      render: (_, row) => formatTime(row.createdAt),
    },
  ];

  return (
    <>
      <ProTable<Feedback, FeedbackFilters>
        rowKey="fid"
        headerTitle={t('list.title')}
        actionRef={actionRef}
        columns={columns}
        request={request}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        locale={{ emptyText: t('list.empty') }}
      />
      <FeedbackDrawer
        fid={fid}
        onClose={() => open(null)}
        onChanged={() => void actionRef.current?.reload()}
      />
    </>
  );
};

const FeedbackDrawer = ({
  fid,
  onClose,
  onChanged,
}: {
  fid: string | null;
  onClose: () => void;
  onChanged: () => void;
}) => {
  const { t } = useTranslation(FEEDBACK_NS);
  const query = useQuery({
    queryKey: ['feedback', 'detail', fid],
    queryFn: () => fetchFeedback(fid ?? ''),
    enabled: Boolean(fid),
  });
  return (
    <Drawer open={Boolean(fid)} onClose={onClose} size={640} title={t('detail.title')} destroyOnHidden>
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          title={parseError(query.error).message}
          action={<Button onClick={() => void query.refetch()}>{t('actions.retry')}</Button>}
        />
      ) : query.isPending || !query.data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <FeedbackDetail feedback={query.data} onChanged={onChanged} />
      )}
    </Drawer>
  );
};

const FeedbackDetail = ({ feedback, onChanged }: { feedback: Feedback; onChanged: () => void }) => {
  const { t } = useTranslation(FEEDBACK_NS);
  const canDo = useCan();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ reply: string }>();
  const canEdit = canDo('feedback.list.edit');
  const isEmail = EMAIL.test(feedback.contact.trim());
  const updated = (next: Feedback) => {
    queryClient.setQueryData(['feedback', 'detail', next.fid], next);
    onChanged();
  };
  const reply = useMutation({
    mutationFn: (text: string) => replyFeedback({ fid: feedback.fid, reply: text }),
    onSuccess: (next) => {
      message.success(isEmail ? t('reply.sentMailed', { email: feedback.contact }) : t('reply.sent'));
      form.resetFields();
      updated(next);
    },
    onError: (error) => showFormError(form, error, ['reply']),
  });
  const close = useMutation({
    mutationFn: () => closeFeedback(feedback.fid),
    onSuccess: (next) => {
      message.success(t('detail.closed'));
      updated(next);
    },
    onError: reportUnlessHandled,
  });
  const convert = useMutation({
    mutationFn: () => convertFeedback(feedback.fid),
    onSuccess: ({ ticketId }) => {
      message.success(t('detail.converted', { ticketId }));
      updated({ ...feedback, ticketId });
    },
    onError: reportUnlessHandled,
  });

  return (
    <>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('columns.category')}>
          {t(`categories.${feedback.category}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('columns.status')}>
          <Tag color={STATUS_COLORS[feedback.status]}>{t(`statuses.${feedback.status}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('columns.content')}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
            {feedback.content}
          </Typography.Paragraph>
        </Descriptions.Item>
        <Descriptions.Item label={t('columns.contact')}>{feedback.contact || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('detail.page')}>
          {feedback.url ? (
            <Typography.Link href={feedback.url} target="_blank" rel="noreferrer noopener">
              {feedback.url}
            </Typography.Link>
          ) : (
            '—'
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.browser')}>{feedback.browser || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('detail.source')}>{t(`sources.${feedback.source}`)}</Descriptions.Item>
        <Descriptions.Item label={t('detail.visitor')}>{feedback.visitor?.nickname || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('columns.createdAt')}>{formatTime(feedback.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t('detail.images')}>
          {feedback.images.length === 0 ? (
            t('detail.noImages')
          ) : (
            <Image.PreviewGroup>
              <Space wrap>
                {feedback.images.map((image, index) => (
                  <Image
                    key={image.aid}
                    width={96}
                    src={image.thumbPath ?? image.path}
                    preview={{ src: image.path }}
                    alt={t('detail.imageAlt', { n: index + 1 })}
                  />
                ))}
              </Space>
            </Image.PreviewGroup>
          )}
        </Descriptions.Item>
      </Descriptions>

      {feedback.ticketId ? (
        <Alert
          style={{ marginTop: 16 }}
          type="success"
          showIcon
          title={
            <>
              {t('detail.ticket')}{' '}
              <Typography.Text copyable strong>
                {feedback.ticketId}
              </Typography.Text>
            </>
          }
        />
      ) : null}

      {feedback.reply ? (
        <Alert
          style={{ marginTop: 16 }}
          type="info"
          title={t('reply.previous', {
            name: feedback.replier?.nickname ?? '—',
            at: formatTime(feedback.repliedAt),
          })}
          description={<span style={{ whiteSpace: 'pre-wrap' }}>{feedback.reply}</span>}
        />
      ) : null}

      {canEdit && feedback.status !== 'closed' ? (
        <Form
          form={form}
          layout="vertical"
          style={{ marginTop: 16 }}
          onFinish={(values) => reply.mutate(values.reply.trim())}
        >
          <Form.Item
            name="reply"
            label={feedback.reply ? t('reply.replace') : t('reply.label')}
            extra={isEmail ? t('reply.mailed', { email: feedback.contact }) : t('reply.widgetOnly')}
            rules={[
              { required: true, whitespace: true, message: t('reply.required') },
              { max: 5000, message: t('reply.tooLong') },
            ]}
          >
            <Input.TextArea rows={4} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={reply.isPending}>
            {t('reply.send')}
          </Button>
        </Form>
      ) : null}

      {canEdit ? (
        <Space style={{ marginTop: 16 }}>
          {feedback.status !== 'closed' ? (
            <Popconfirm
              title={t('detail.closeConfirm')}
              okText={t('detail.close')}
              cancelText={t('actions.cancel')}
              onConfirm={() => close.mutateAsync().catch(() => undefined)}
            >
              <Button loading={close.isPending}>{t('detail.close')}</Button>
            </Popconfirm>
          ) : null}
          {feedback.ticketId ? null : (
            <Popconfirm
              title={t('detail.convertConfirm')}
              okText={t('detail.convert')}
              cancelText={t('actions.cancel')}
              onConfirm={() => convert.mutateAsync().catch(() => undefined)}
            >
              <Button loading={convert.isPending}>{t('detail.convert')}</Button>
            </Popconfirm>
          )}
        </Space>
      ) : null}
    </>
  );
};
