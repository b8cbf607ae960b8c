import '../shared/i18n';
import { useRef, useState } from 'react';
import {
  App,
  Button,
  Form,
  Input,
  Modal,
  Popconfirm,
  Progress,
  Radio,
  Select,
  Space,
  Switch,
  Tag,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import {
  noticeOrgLimit,
  noticeTitleMaxLength,
  type NoticeAudience,
  type NoticeLevel,
  type PlatformNotice,
} from '@openkefu/contract';
import { useCan } from '../../../shared/components/Authorized';
import { RichTextEditor, type RichTextValue } from '../../../shared/editor';
import { usePageRequest, type PageQuery } from '../../../shared/table/usePageRequest';
import { ActionModal } from '../shared/ActionModal';
import { formatDateTime } from '../shared/format';
import { PLATFORM_NS } from '../shared/i18n';
import { reportUnlessHandled } from '../shared/reportError';
import { fetchPlatformNotices, sendPlatformNotice, withdrawPlatformNotice, type NoticeFilters } from './api';

type NoticeValues = {
  title: string;
  level: NoticeLevel;
  audience: NoticeAudience;
  subDomains?: string[];
  content?: RichTextValue;
  sendEmail: boolean;
};

/** Text of rich-text HTML (tags dropped), to tell an empty editor from a written one. */
const hasText = (value: RichTextValue | undefined) =>
  !!value &&
  (/<img\b/i.test(value.html) ||
    value.html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() !== '');

/**
 * Platform → push (`/stable/platform/push`): notices to every organisation, some or one, with how
 * many of their users read each; new notice (rich text, level, audience, email) and withdraw.
 */
export const PushPage = () => {
  const { t } = useTranslation(PLATFORM_NS);
  const { message: toast } = App.useApp();
  const canDo = useCan();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [isComposing, setComposing] = useState(false);
  const [viewing, setViewing] = useState<PlatformNotice | null>(null);
  const request = usePageRequest<PlatformNotice, NoticeFilters>(
    (query: PageQuery<NoticeFilters>) => fetchPlatformNotices(query),
    { onError: reportUnlessHandled },
  );
  const canAdd = canDo('platform.push.add');
  const canWithdraw = canDo('platform.push.delete');
  const reload = () => void actionRef.current?.reload();

  const withdraw = async (row: PlatformNotice) => {
    try {
      await withdrawPlatformNotice(row.nid);
      void toast.success(t('pushPage.withdrawn', { title: row.title }));
      reload();
    } catch (error) {
      reportUnlessHandled(error);
    }
  };

  const columns: ProColumns<PlatformNotice>[] = [
    {
      title: t('pushPage.keyword'),
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: t('pushPage.keywordHint') },
    },
    {
      title: t('pushPage.state'),
      dataIndex: 'state',
      hideInTable: true,
      valueType: 'select',
      valueEnum: {
        active: { text: t('pushPage.states.active') },
        withdrawn: { text: t('pushPage.states.withdrawn') },
      },
    },
    {
      title: t('pushPage.title'),
      dataIndex: 'title',
      search: false,
      render: (_, row) => (
        <Space>
          <Tag color={row.level === 'warning' ? 'orange' : 'blue'}>{t(`pushPage.levels.${row.level}`)}</Tag>
          <a onClick={() => setViewing(row)}>{row.title}</a>
        </Space>
      ),
    },
    {
      title: t('pushPage.audience'),
      key: 'audience',
      search: false,
      width: 220,
      render: (_, row) =>
        row.audience === 'all'
          ? t('pushPage.audiences.all')
          : row.organizations.map((org) => <Tag key={org.oid}>{org.name}</Tag>),
    },
    {
      title: t('pushPage.readers'),
      key: 'readers',
      search: false,
      width: 180,
      render: (_, row) => (
        <Space direction="vertical" size={0} style={{ width: '100%' }}>
          <span>{t('pushPage.readersOf', { readers: row.readers, recipients: row.recipients })}</span>
          <Progress
            percent={row.recipients === 0 ? 0 : Math.round((row.readers / row.recipients) * 100)}
            size="small"
            showInfo={false}
          />
        </Space>
      ),
    },
    {
      title: t('pushPage.sentAt'),
      key: 'createdAt',
      search: false,
      width: 200,
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <span>{formatDateTime(row.createdAt)}</span>
          {row.withdrawnAt ? (
            <Tag color="default">{t('pushPage.withdrawnAt', { time: formatDateTime(row.withdrawnAt) })}</Tag>
          ) : null}
          {row.isEmailed ? <Tag>{t('pushPage.emailed')}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      valueType: 'option',
      width: 120,
      render: (_, row) => [
        <a key="view" onClick={() => setViewing(row)}>
          {t('pushPage.view')}
        </a>,
        canWithdraw && row.withdrawnAt === null ? (
          <Popconfirm
            key="withdraw"
            title={t('pushPage.withdrawConfirm', { title: row.title })}
            description={t('pushPage.withdrawHint')}
            okText={t('pushPage.withdraw')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.cancel')}
            onConfirm={() => withdraw(row)}
          >
            <a className="ok-danger-link">{t('pushPage.withdraw')}</a>
          </Popconfirm>
        ) : null,
      ],
    },
  ];

  return (
    <>
      <ProTable<PlatformNotice, NoticeFilters>
        rowKey="nid"
        headerTitle={t('pushPage.heading')}
        actionRef={actionRef}
        columns={columns}
        request={request}
        search={{ labelWidth: 'auto' }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, showTotal: request.showTotal }}
        locale={{ emptyText: t('pushPage.empty') }}
        toolBarRender={() => [
          canAdd ? (
            <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setComposing(true)}>
              {t('pushPage.compose')}
            </Button>
          ) : null,
        ]}
      />
      {isComposing ? (
        <ActionModal<NoticeValues>
          name="platform-notice"
          title={t('pushPage.compose')}
          width={760}
          submitText={t('pushPage.send')}
          initialValues={{ level: 'info', audience: 'all', sendEmail: true }}
          onClose={() => setComposing(false)}
          onSubmit={async (values) => {
            const sent = await sendPlatformNotice({
              title: values.title.trim(),
              content: values.content?.html ?? '',
              level: values.level,
              audience: values.audience,
              subDomains:
                values.audience === 'orgs' ? (values.subDomains ?? []).map((value) => value.trim()) : [],
              sendEmail: values.sendEmail,
            });
            void toast.success(t('pushPage.sent', { title: sent.title, count: sent.recipients }));
            reload();
          }}
        >
          <Form.Item
            name="title"
            label={t('pushPage.title')}
            rules={[
              { required: true, whitespace: true, message: t('pushPage.titleRequired') },
              {
                max: noticeTitleMaxLength,
                message: t('pushPage.titleTooLong', { max: noticeTitleMaxLength }),
              },
            ]}
          >
            <Input maxLength={noticeTitleMaxLength} showCount />
          </Form.Item>
          <Form.Item name="level" label={t('pushPage.level')}>
            <Radio.Group
              options={(['info', 'warning'] as const).map((level) => ({
                value: level,
                label: t(`pushPage.levels.${level}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="audience" label={t('pushPage.audience')}>
            <Radio.Group
              options={(['all', 'orgs'] as const).map((audience) => ({
                value: audience,
                label: t(`pushPage.audiences.${audience}`),
              }))}
            />
          </Form.Item>
          <Form.Item noStyle dependencies={['audience']}>
            {({ getFieldValue }) =>
              getFieldValue('audience') === 'orgs' ? (
                <Form.Item
                  name="subDomains"
                  label={t('pushPage.subDomains')}
                  extra={t('pushPage.subDomainsHint')}
                  rules={[
                    { required: true, type: 'array', min: 1, message: t('pushPage.subDomainsRequired') },
                    {
                      type: 'array',
                      max: noticeOrgLimit,
                      message: t('pushPage.subDomainsTooMany', { max: noticeOrgLimit }),
                    },
                  ]}
                >
                  <Select
                    mode="tags"
                    tokenSeparators={[',', ' ', '，']}
                    open={false}
                    suffixIcon={null}
                    aria-label={t('pushPage.subDomains')}
                  />
                </Form.Item>
              ) : null
            }
          </Form.Item>
          <Form.Item
            name="content"
            label={t('pushPage.content')}
            rules={[
              {
                validator: async (_, value: RichTextValue | undefined) => {
                  if (!hasText(value)) throw new Error(t('pushPage.contentRequired'));
                },
              },
            ]}
          >
            <RichTextEditor ariaLabel={t('pushPage.content')} minHeight={180} />
          </Form.Item>
          <Form.Item
            name="sendEmail"
            label={t('pushPage.sendEmail')}
            valuePropName="checked"
            extra={t('pushPage.sendEmailHint')}
          >
            <Switch />
          </Form.Item>
        </ActionModal>
      ) : null}
      <Modal
        open={viewing !== null}
        title={viewing?.title}
        footer={null}
        width={720}
        onCancel={() => setViewing(null)}
      >
        {viewing ? (
          // Sanitised by the server (lib/richtext/sanitize) when the notice was sent.
          <div className="ok-rich-text" dangerouslySetInnerHTML={{ __html: viewing.content }} />
        ) : null}
      </Modal>
    </>
  );
};
