import '../shared/i18n';
import '../shared/ticket.css';
import { useMemo, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import {
  Alert,
  App,
  Avatar,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Input,
  Mentions,
  Popconfirm,
  Segmented,
  Select,
  Skeleton,
  Space,
  Tag,
  Timeline,
  TreeSelect,
  Typography,
} from 'antd';
import { EyeInvisibleOutlined, EyeOutlined, LockOutlined, MailOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ticketPriorityValues,
  type TicketAction,
  type TicketActivity,
  type TicketCommentKind,
  type TicketDetail,
  type TicketPriority,
  type TicketType,
} from '@openkefu/contract';
import { isHttpError } from '../../../shared/api/http';
import { parseError } from '../../../shared/api/parseError';
import { reportUnlessHandled, showFormError } from '../../../shared/api/reportError';
import { useProfile } from '../../../shared/auth/profileStore';
import { useCan } from '../../../shared/components/Authorized';
import { RichTextEditor, type RichTextValue } from '../../../shared/editor';
import { TranscriptDrawer } from '../../kefu/thread/TranscriptDrawer';
import {
  assignTicket,
  commentTicket,
  fetchTicket,
  transitionTicket,
  updateTicket,
  watchTicket,
} from '../shared/api';
import { CustomerPicker } from '../shared/CustomerPicker';
import { formatTime, PriorityTag, SlaBadges, StatusTag } from '../shared/display';
import { useCategoryOptions, useColleagueOptions, useGroupOptions } from '../shared/hooks';
import { TICKET_NS } from '../shared/i18n';
import { allowedActions } from '../shared/machine';

export const ticketKey = (tkid: string) => ['ticket', 'detail', tkid] as const;

type FieldValues = {
  title: string;
  contactName: string;
  email: string;
  phone: string;
  priority: TicketPriority;
  type: TicketType;
  category: string | null;
  wid: string | null;
  customerId: string | null;
  dueAt: Dayjs | null;
};

const FIELD_NAMES = [
  'title',
  'contactName',
  'email',
  'phone',
  'priority',
  'type',
  'category',
  'wid',
  'customerId',
  'dueAt',
] as const;

/** Text typed in the comment box as the HTML the contract stores (escaped, one paragraph a line). */
const toHtml = (text: string): string =>
  text
    .split('\n')
    .map((line) =>
      line.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;'),
    )
    .map((line) => `<p>${line}</p>`)
    .join('');

export type TicketDetailDrawerProps = {
  tkid: string;
  onClose: () => void;
  /** Something changed: the list reloads. */
  onChanged: () => void;
};

/** A ticket (`?tkid=`): fields, status actions the state machine allows, assignee, watchers, comments, activity. */
export const TicketDetailDrawer = ({ tkid, onClose, onChanged }: TicketDetailDrawerProps) => {
  const { t } = useTranslation(TICKET_NS);
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ticketKey(tkid), queryFn: () => fetchTicket(tkid) });

  const setDetail = (detail: TicketDetail) => {
    queryClient.setQueryData(ticketKey(tkid), detail);
    onChanged();
  };
  /** The answers that return a ticket without its thread: keep the thread, reload to get the activity. */
  const afterChange = async () => {
    await queryClient.invalidateQueries({ queryKey: ticketKey(tkid) });
    onChanged();
  };

  return (
    <Drawer
      open
      size={860}
      onClose={onClose}
      title={
        query.data ? (
          <Space wrap>
            <Typography.Text type="secondary">{query.data.ticketNumber}</Typography.Text>
            <span>{query.data.title}</span>
          </Space>
        ) : (
          t('detail.title')
        )
      }
    >
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('detail.loadFailed')}
          description={parseError(query.error).message}
          action={<Button onClick={() => void query.refetch()}>{t('actions.retry')}</Button>}
        />
      ) : query.isPending ? (
        <Skeleton active paragraph={{ rows: 12 }} />
      ) : (
        <TicketDetailBody detail={query.data} onDetail={setDetail} onChanged={afterChange} />
      )}
    </Drawer>
  );
};

const TicketDetailBody = ({
  detail,
  onDetail,
  onChanged,
}: {
  detail: TicketDetail;
  onDetail: (detail: TicketDetail) => void;
  onChanged: () => Promise<void>;
}) => {
  const { t } = useTranslation(TICKET_NS);
  const canDo = useCan();
  const profile = useProfile();
  const canEdit = canDo('ticket.list.edit');
  const [conflict, setConflict] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [transcriptTid, setTranscriptTid] = useState<string | null>(null);
  const colleagues = useColleagueOptions();

  const run = async (key: string, call: () => Promise<unknown>) => {
    setBusy(key);
    setConflict(null);
    try {
      await call();
      await onChanged();
    } catch (error) {
      if (isHttpError(error) && error.status === 409) {
        setConflict(parseError(error).message);
        await onChanged();
      } else reportUnlessHandled(error);
    } finally {
      setBusy(null);
    }
  };

  const isWatching = profile !== null && detail.watchers.some((person) => person.uid === profile.uid);
  const actions = allowedActions(detail.status, detail.assignee !== null);
  const assigneeOptions = useMemo(() => {
    const options = [...colleagues];
    if (detail.assignee && !options.some((option) => option.value === detail.assignee?.uid))
      options.unshift({ value: detail.assignee.uid, label: detail.assignee.nickname });
    return options;
  }, [colleagues, detail.assignee]);

  return (
    <div className="ok-ticket-detail">
      {conflict && (
        <Alert
          type="warning"
          showIcon
          closable
          onClose={() => setConflict(null)}
          title={t('detail.conflict')}
          description={conflict}
          style={{ marginBottom: 16 }}
        />
      )}
      <Space wrap style={{ marginBottom: 12 }}>
        <StatusTag status={detail.status} />
        <PriorityTag priority={detail.priority} />
        <SlaBadges ticket={detail} />
        <Tag>{t(`source.${detail.source}`)}</Tag>
      </Space>
      <div className="ok-ticket-detail__bar">
        {canEdit && (
          <Space wrap role="group" aria-label={t('detail.statusActions')}>
            {actions.map((action) =>
              action === 'close' ? (
                <Popconfirm
                  key={action}
                  title={t('detail.closeConfirm')}
                  okText={t('actions.close')}
                  cancelText={t('actions.cancel')}
                  onConfirm={() => run(action, () => transitionTicket(detail.tkid, action))}
                >
                  <Button loading={busy === action}>{t('actions.close')}</Button>
                </Popconfirm>
              ) : (
                <Button
                  key={action}
                  type={action === 'resolve' ? 'primary' : 'default'}
                  loading={busy === action}
                  onClick={() =>
                    void run(action, () => transitionTicket(detail.tkid, action as TicketAction))
                  }
                >
                  {t(`actions.${action}`)}
                </Button>
              ),
            )}
            {actions.length === 0 && (
              <Typography.Text type="secondary">{t('detail.noActions')}</Typography.Text>
            )}
          </Space>
        )}
        <Space wrap>
          <span>{t('fields.assignee')}</span>
          <Select
            aria-label={t('fields.assignee')}
            style={{ width: 180 }}
            value={detail.assignee?.uid ?? null}
            placeholder={t('unassigned')}
            allowClear
            disabled={!canEdit || busy === 'assign'}
            showSearch
            optionFilterProp="label"
            options={assigneeOptions}
            onChange={(uid: string | null | undefined) =>
              void run('assign', () => assignTicket(detail.tkid, uid ?? null))
            }
          />
          <Button
            icon={isWatching ? <EyeInvisibleOutlined /> : <EyeOutlined />}
            loading={busy === 'watch'}
            onClick={() => void run('watch', () => watchTicket(detail.tkid, !isWatching))}
          >
            {isWatching ? t('detail.unwatch') : t('detail.watch')}
          </Button>
        </Space>
      </div>
      <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('fields.reporter')}>
          {detail.reporter?.nickname ?? t('none')}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.createdAt')}>{formatTime(detail.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.firstResponseDue')}>
          {formatTime(detail.sla.firstResponseDueAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.resolutionDue')}>
          {formatTime(detail.sla.resolutionDueAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.source')}>{t(`source.${detail.source}`)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.customer')}>
          {detail.customer ? (
            <Link to={`/stable/crm/list?cid=${encodeURIComponent(detail.customer.cid)}`}>
              {detail.customer.name}
            </Link>
          ) : (
            t('none')
          )}
        </Descriptions.Item>
        {detail.threadUid !== null && (
          <Descriptions.Item label={t('fields.conversation')}>
            <Typography.Link onClick={() => setTranscriptTid(detail.threadUid)}>
              {detail.threadUid}
            </Typography.Link>
          </Descriptions.Item>
        )}
        {detail.feedbackId !== null && (
          <Descriptions.Item label={t('fields.feedback')}>
            <Link to={`/stable/feedback/list?fid=${encodeURIComponent(detail.feedbackId)}`}>
              {detail.feedbackId}
            </Link>
          </Descriptions.Item>
        )}
        {detail.template !== null && (
          <Descriptions.Item label={t('fields.template')}>{detail.template.name}</Descriptions.Item>
        )}
        <Descriptions.Item label={t('fields.watchers')} span={2}>
          {detail.watchers.length === 0 ? (
            t('detail.noWatchers')
          ) : (
            <Space size={[4, 4]} wrap>
              {detail.watchers.map((person) => (
                <Tag key={person.uid}>{person.nickname}</Tag>
              ))}
            </Space>
          )}
        </Descriptions.Item>
      </Descriptions>
      {/* Keyed by the version: the form starts again from the saved values after any change. */}
      <FieldsCard key={detail.updatedAt} detail={detail} canEdit={canEdit} onSaved={onChanged} />
      <DescriptionCard detail={detail} canEdit={canEdit} onSaved={onChanged} />
      <CommentsCard detail={detail} canEdit={canEdit} onDetail={onDetail} />
      <ActivityCard activities={detail.activities} />
      {/* The source conversation's record, as the session records page shows it. */}
      <TranscriptDrawer tid={transcriptTid} onClose={() => setTranscriptTid(null)} />
    </div>
  );
};

const DescriptionCard = ({
  detail,
  canEdit,
  onSaved,
}: {
  detail: TicketDetail;
  canEdit: boolean;
  onSaved: () => Promise<void>;
}) => {
  const { t } = useTranslation(TICKET_NS);
  const { message: toast } = App.useApp();
  const [draft, setDraft] = useState<RichTextValue | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!draft) return;
    setSaving(true);
    try {
      await updateTicket({ tkid: detail.tkid, description: draft.html });
      void toast.success(t('detail.descriptionSaved'));
      setDraft(null);
      await onSaved();
    } catch (error) {
      reportUnlessHandled(error);
    } finally {
      setSaving(false);
    }
  };

  const customEntries = Object.entries(detail.customFields);

  return (
    <Card
      size="small"
      title={t('fields.description')}
      style={{ marginTop: 16 }}
      extra={
        canEdit && draft === null ? (
          <Button size="small" onClick={() => setDraft({ html: detail.description, markdown: '' })}>
            {t('detail.editDescription')}
          </Button>
        ) : null
      }
    >
      {draft !== null ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <RichTextEditor
            ariaLabel={t('fields.description')}
            hasMarkdown={false}
            minHeight={160}
            value={draft}
            onChange={setDraft}
          />
          <Space>
            <Button type="primary" loading={saving} onClick={() => void save()}>
              {t('actions.save')}
            </Button>
            <Button onClick={() => setDraft(null)}>{t('actions.cancel')}</Button>
          </Space>
        </Space>
      ) : detail.description ? (
        // Stored description is HTML sanitised by the server (contract `ticketSchema.description`).
        <div className="ok-rich-text" dangerouslySetInnerHTML={{ __html: detail.description }} />
      ) : (
        <Typography.Text type="secondary">{t('detail.noDescription')}</Typography.Text>
      )}
      {detail.attachments.length > 0 && (
        <ul className="ok-ticket-attachments">
          {detail.attachments.map((attachment) => (
            <li key={attachment.path}>
              <a href={attachment.path} target="_blank" rel="noreferrer">
                {attachment.fileName}
              </a>
            </li>
          ))}
        </ul>
      )}
      {customEntries.length > 0 && (
        <Descriptions size="small" column={2} title={t('detail.customFields')} style={{ marginTop: 12 }}>
          {customEntries.map(([key, value]) => (
            <Descriptions.Item key={key} label={key}>
              {value === null || value === '' ? t('none') : String(value)}
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
    </Card>
  );
};

const FieldsCard = ({
  detail,
  canEdit,
  onSaved,
}: {
  detail: TicketDetail;
  canEdit: boolean;
  onSaved: () => Promise<void>;
}) => {
  const { t } = useTranslation(TICKET_NS);
  const { message: toast } = App.useApp();
  const [form] = Form.useForm<FieldValues>();
  const [saving, setSaving] = useState(false);
  const groups = useGroupOptions();
  const groupOptions = useMemo(() => {
    const options = [...groups];
    if (detail.workgroup && !options.some((option) => option.value === detail.workgroup?.wid))
      options.unshift({ value: detail.workgroup.wid, label: detail.workgroup.nickname });
    return options;
  }, [groups, detail.workgroup]);
  const categories = useCategoryOptions();
  const categoryOptions = useMemo(() => {
    const current = detail.category;
    const has = (nodes: typeof categories): boolean =>
      nodes.some((node) => node.value === current?.cid || has(node.children));
    return current && !has(categories)
      ? [{ value: current.cid, title: current.name, children: [] }, ...categories]
      : categories;
  }, [categories, detail.category]);

  const save = async (values: FieldValues) => {
    setSaving(true);
    try {
      await updateTicket({
        tkid: detail.tkid,
        title: values.title.trim(),
        contactName: values.contactName.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
        priority: values.priority,
        type: values.type,
        category: values.category ?? null,
        wid: values.wid ?? null,
        customerId: values.customerId ?? null,
        dueAt: values.dueAt ? values.dueAt.valueOf() : null,
      });
      void toast.success(t('detail.saved'));
      await onSaved();
    } catch (error) {
      showFormError(form, error, FIELD_NAMES);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      size="small"
      title={t('detail.fields')}
      extra={
        canEdit ? (
          <Button size="small" type="primary" loading={saving} onClick={() => form.submit()}>
            {t('actions.save')}
          </Button>
        ) : null
      }
    >
      <Form<FieldValues>
        form={form}
        layout="vertical"
        disabled={!canEdit}
        onFinish={(values) => void save(values)}
        initialValues={{
          title: detail.title,
          contactName: detail.contactName,
          email: detail.email,
          phone: detail.phone,
          priority: detail.priority,
          type: detail.type,
          category: detail.category?.cid ?? null,
          wid: detail.workgroup?.wid ?? null,
          customerId: detail.customerId,
          dueAt: detail.dueAt === null ? null : dayjs(detail.dueAt),
        }}
      >
        <Form.Item
          name="title"
          label={t('fields.title')}
          rules={[
            { required: true, whitespace: true, message: t('validation.titleRequired') },
            { max: 200, message: t('validation.titleMax') },
          ]}
        >
          <Input />
        </Form.Item>
        <Space wrap size={16} align="start">
          <Form.Item name="contactName" label={t('fields.contactName')}>
            <Input style={{ width: 180 }} />
          </Form.Item>
          <Form.Item
            name="email"
            label={t('fields.email')}
            rules={[{ type: 'email', message: t('validation.email') }]}
          >
            <Input style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="phone" label={t('fields.phone')}>
            <Input style={{ width: 150 }} />
          </Form.Item>
        </Space>
        <Space wrap size={16} align="start">
          <Form.Item name="priority" label={t('fields.priority')}>
            <Select
              style={{ width: 130 }}
              options={ticketPriorityValues.map((value) => ({ value, label: t(`priority.${value}`) }))}
            />
          </Form.Item>
          <Form.Item name="type" label={t('fields.type')}>
            <Select
              style={{ width: 130 }}
              options={(['external', 'internal'] as const).map((value) => ({
                value,
                label: t(`type.${value}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="category" label={t('fields.category')}>
            <TreeSelect
              style={{ width: 180 }}
              allowClear
              showSearch
              treeDefaultExpandAll
              treeNodeFilterProp="title"
              placeholder={t('fields.noCategory')}
              treeData={categoryOptions}
              fieldNames={{ label: 'title', value: 'value', children: 'children' }}
            />
          </Form.Item>
          <Form.Item name="wid" label={t('fields.group')}>
            <Select style={{ width: 170 }} allowClear options={groupOptions} />
          </Form.Item>
          <Form.Item name="dueAt" label={t('fields.dueAt')}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
          <Form.Item name="customerId" label={t('fields.customer')}>
            <CustomerPicker current={detail.customer} />
          </Form.Item>
        </Space>
      </Form>
    </Card>
  );
};

const CommentsCard = ({
  detail,
  canEdit,
  onDetail,
}: {
  detail: TicketDetail;
  canEdit: boolean;
  onDetail: (detail: TicketDetail) => void;
}) => {
  const { t } = useTranslation(TICKET_NS);
  const [kind, setKind] = useState<TicketCommentKind>('reply');
  const [text, setText] = useState('');
  const [mentioned, setMentioned] = useState<{ uid: string; label: string }[]>([]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const colleagues = useColleagueOptions();

  const send = async () => {
    if (text.trim() === '') {
      setError(t('comments.required'));
      return;
    }
    setSending(true);
    setError(null);
    try {
      // A mention counts while its `@name` is still in the text.
      const mentions = [
        ...new Set(mentioned.filter((entry) => text.includes(`@${entry.label}`)).map((entry) => entry.uid)),
      ];
      const next = await commentTicket({ tkid: detail.tkid, kind, content: toHtml(text.trim()), mentions });
      setText('');
      setMentioned([]);
      onDetail(next);
    } catch (caught) {
      setError(parseError(caught).message);
    } finally {
      setSending(false);
    }
  };

  return (
    <Card size="small" title={t('comments.title')} style={{ marginTop: 16 }}>
      {detail.comments.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('comments.empty')} />
      ) : (
        <ul className="ok-ticket-comments">
          {detail.comments.map((comment) => (
            <li
              key={comment.cmid}
              className={`ok-ticket-comment ok-ticket-comment--${comment.kind}`}
              aria-label={t(`comments.kind.${comment.kind}`)}
            >
              <Space size={8} wrap>
                <Avatar size="small" src={comment.author?.avatar || undefined}>
                  {(comment.author?.nickname ?? comment.authorEmail).slice(0, 1)}
                </Avatar>
                <Typography.Text strong>{comment.author?.nickname ?? comment.authorEmail}</Typography.Text>
                {comment.kind === 'note' ? (
                  <Tag icon={<LockOutlined />} color="gold">
                    {t('comments.kind.note')}
                  </Tag>
                ) : (
                  <Tag icon={<MailOutlined />} color="blue">
                    {t('comments.kind.reply')}
                  </Tag>
                )}
                <Typography.Text type="secondary">{formatTime(comment.createdAt)}</Typography.Text>
              </Space>
              {/* Comment content is HTML sanitised by the server (contract `ticketCommentSchema.content`). */}
              <div className="ok-rich-text" dangerouslySetInnerHTML={{ __html: comment.content }} />
              {comment.mentions.length > 0 && (
                <Typography.Text type="secondary">
                  {t('comments.mentioned', {
                    names: comment.mentions.map((person) => person.nickname).join(', '),
                  })}
                </Typography.Text>
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && (
        <div className="ok-ticket-composer">
          <Segmented<TicketCommentKind>
            value={kind}
            onChange={setKind}
            options={[
              { value: 'reply', label: t('comments.kind.reply') },
              { value: 'note', label: t('comments.kind.note') },
            ]}
          />
          <Typography.Text type="secondary" className="ok-ticket-composer__hint">
            {kind === 'reply' ? t('comments.replyHint') : t('comments.noteHint')}
          </Typography.Text>
          <Mentions
            aria-label={t('comments.content')}
            rows={3}
            value={text}
            status={error ? 'error' : undefined}
            placeholder={t('comments.placeholder')}
            onChange={(value) => {
              setText(value);
              if (error) setError(null);
            }}
            onSelect={(option) => {
              // antd rewrites option keys: the colleague is found by the name the option inserts.
              const label = String(option.value ?? '');
              const colleague = colleagues.find((entry) => entry.label === label);
              if (colleague) setMentioned((list) => [...list, { uid: colleague.value, label }]);
            }}
            options={colleagues.map((option) => ({
              key: option.value,
              value: option.label,
              label: option.label,
            }))}
          />
          {error && (
            <Typography.Text type="danger" role="alert">
              {error}
            </Typography.Text>
          )}
          <div>
            <Button type="primary" loading={sending} onClick={() => void send()}>
              {kind === 'reply' ? t('comments.sendReply') : t('comments.addNote')}
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
};

const ActivityCard = ({ activities }: { activities: TicketActivity[] }) => {
  const { t } = useTranslation(TICKET_NS);
  const describe = (activity: TicketActivity): string => {
    const actor = activity.actor?.nickname ?? t('activity.system');
    const field = t(`activity.fields.${activity.field}`, { defaultValue: activity.field });
    if (activity.field === 'created') return t('activity.created', { actor });
    if (activity.field === 'comment') return t('activity.commented', { actor });
    if (activity.field === 'watchers')
      return activity.newValue !== null
        ? t('activity.watcherAdded', { actor, name: activity.newValue })
        : t('activity.watcherRemoved', { actor, name: activity.oldValue ?? '' });
    const translate = (value: string | null) => {
      if (value === null || value === '') return t('none');
      if (activity.field === 'status') return t(`status.${value}`, { defaultValue: value });
      if (activity.field === 'priority') return t(`priority.${value}`, { defaultValue: value });
      return value;
    };
    return t('activity.changed', {
      actor,
      field,
      from: translate(activity.oldValue),
      to: translate(activity.newValue),
    });
  };
  return (
    <Card size="small" title={t('activity.title')} style={{ marginTop: 16 }}>
      {activities.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('activity.empty')} />
      ) : (
        <Timeline
          items={activities.map((activity, index) => ({
            key: `${activity.createdAt}-${index}`,
            children: (
              <>
                <div>{describe(activity)}</div>
                <Typography.Text type="secondary">{formatTime(activity.createdAt)}</Typography.Text>
              </>
            ),
          }))}
        />
      )}
    </Card>
  );
};
