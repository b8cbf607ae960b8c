import './i18n';
import { useEffect, useMemo, useState } from 'react';
import dayjs from 'dayjs';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  Row,
  Skeleton,
  Space,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  computeQualityScore,
  type QualityDetail,
  type QualityItemScore,
  type QualityStatus,
  type QualityTranscriptMessage,
} from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { reportUnlessHandled, showFormError } from '../../../shared/api/reportError';
import { useProfile } from '../../../shared/auth/profileStore';
import { useCan } from '../../../shared/components/Authorized/useCan';
import { appealInspection, commentInspection, decideAppeal, fetchInspection, scoreInspection } from './api';
import { QUALITY_NS } from './i18n';

export const STATUS_COLORS: Record<QualityStatus, string> = {
  pending: 'blue',
  scored: 'green',
  appealed: 'orange',
  accepted: 'cyan',
  rejected: 'default',
};

export const formatTime = (ms: number | null): string =>
  ms === null ? '—' : dayjs(ms).format('YYYY-MM-DD HH:mm');

export const inspectionQueryKey = (qid: string | null) => ['quality', 'detail', qid] as const;

type Mode = 'score' | 'result';

/**
 * One inspection: the transcript (comments anchored to its messages) beside the scheme's form,
 * pre-filled by the automatic checks with their evidence. `score` mode is the checker's queue;
 * `result` mode adds the appeal (the agent) and its decision (checkers and admins).
 */
export const InspectionView = ({
  qid,
  mode,
  onChanged,
}: {
  qid: string;
  mode: Mode;
  onChanged?: () => void;
}) => {
  const { t } = useTranslation(QUALITY_NS);
  const query = useQuery({ queryKey: inspectionQueryKey(qid), queryFn: () => fetchInspection(qid) });
  if (query.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={parseError(query.error).message}
        action={<Button onClick={() => void query.refetch()}>{t('actions.retry')}</Button>}
      />
    );
  if (query.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  return <InspectionBody detail={query.data} mode={mode} onChanged={onChanged} />;
};

const InspectionBody = ({
  detail,
  mode,
  onChanged,
}: {
  detail: QualityDetail;
  mode: Mode;
  onChanged?: () => void;
}) => {
  const { t } = useTranslation(QUALITY_NS);
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<QualityTranscriptMessage | null>(null);
  const updated = (next: QualityDetail) => {
    queryClient.setQueryData(inspectionQueryKey(next.qid), next);
    onChanged?.();
  };
  return (
    <Row gutter={16}>
      <Col xs={24} lg={12}>
        <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
          <Descriptions.Item label={t('columns.agent')}>{detail.agent?.nickname ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('columns.visitor')}>{detail.visitorNickname || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('columns.status')}>
            <Tag color={STATUS_COLORS[detail.status]}>{t(`statuses.${detail.status}`)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('columns.source')}>{t(`sources.${detail.source}`)}</Descriptions.Item>
          <Descriptions.Item label={t('columns.closedAt')}>{formatTime(detail.closedAt)}</Descriptions.Item>
          <Descriptions.Item label={t('columns.scheme')}>{detail.scheme.name}</Descriptions.Item>
        </Descriptions>
        <Transcript detail={detail} anchor={anchor} onAnchor={setAnchor} />
        <Comments detail={detail} anchor={anchor} onAnchor={setAnchor} onUpdated={updated} />
      </Col>
      <Col xs={24} lg={12}>
        <ScoreForm detail={detail} mode={mode} onUpdated={updated} />
        {mode === 'result' ? <AppealPanel detail={detail} onUpdated={updated} /> : null}
        <Card size="small" title={t('scoring.log')} style={{ marginTop: 16 }}>
          <Timeline
            items={detail.log.map((entry) => ({
              key: `${entry.at}-${entry.action}`,
              content: (
                <span>
                  {formatTime(entry.at)} · {entry.actor?.nickname ?? t('scoring.system')} ·{' '}
                  {t(`scoring.logActions.${entry.action}`)}
                  {entry.detail ? ` · ${entry.detail}` : ''}
                </span>
              ),
            }))}
          />
        </Card>
      </Col>
    </Row>
  );
};

const messageText = (message: QualityTranscriptMessage): string =>
  message.type === 'text' || message.type.startsWith('notification') ? message.content : `[${message.type}]`;

const Transcript = ({
  detail,
  anchor,
  onAnchor,
}: {
  detail: QualityDetail;
  anchor: QualityTranscriptMessage | null;
  onAnchor: (message: QualityTranscriptMessage) => void;
}) => {
  const { t } = useTranslation(QUALITY_NS);
  const canComment = useCan()('quality.list.edit');
  const visible = detail.transcript.filter((message) => message.senderKind !== 'system');
  return (
    <Card
      size="small"
      title={t('scoring.transcript')}
      styles={{ body: { maxHeight: 480, overflow: 'auto' } }}
    >
      {visible.length === 0 ? (
        <Empty description={t('scoring.noMessages')} />
      ) : (
        <ol aria-label={t('scoring.transcript')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {visible.map((message) => {
            const comments = detail.comments.filter((comment) => comment.mid === message.mid);
            const senderKind = message.senderKind as 'visitor' | 'agent' | 'robot' | 'system';
            return (
              <li
                key={message.mid}
                style={{
                  padding: '6px 8px',
                  borderRadius: 6,
                  background: anchor?.mid === message.mid ? 'rgba(22,119,255,0.08)' : undefined,
                }}
              >
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {message.senderName || t(`scoring.sender.${senderKind}`)} · {formatTime(message.createdAt)}
                </Typography.Text>
                <div style={{ whiteSpace: 'pre-wrap' }}>{messageText(message)}</div>
                {comments.map((comment) => (
                  <Alert
                    key={comment.qcid}
                    type="warning"
                    style={{ marginTop: 4 }}
                    title={`${comment.author?.nickname ?? ''}: ${comment.content}`}
                  />
                ))}
                {canComment ? (
                  <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onAnchor(message)}>
                    {t('scoring.commentOn')}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
};

const Comments = ({
  detail,
  anchor,
  onAnchor,
  onUpdated,
}: {
  detail: QualityDetail;
  anchor: QualityTranscriptMessage | null;
  onAnchor: (message: QualityTranscriptMessage | null) => void;
  onUpdated: (detail: QualityDetail) => void;
}) => {
  const { t } = useTranslation(QUALITY_NS);
  const canComment = useCan()('quality.list.edit');
  const [form] = Form.useForm<{ content: string }>();
  const general = detail.comments.filter((comment) => comment.mid === null);
  const mutation = useMutation({
    mutationFn: (content: string) =>
      commentInspection({ qid: detail.qid, mid: anchor?.mid ?? null, content }),
    onSuccess: (next) => {
      form.resetFields();
      onAnchor(null);
      onUpdated(next);
    },
    onError: (error) => showFormError(form, error, ['content']),
  });
  return (
    <Card size="small" title={t('scoring.comments')} style={{ marginTop: 16 }}>
      {general.length === 0 && detail.comments.length === 0 ? (
        <Typography.Text type="secondary">{t('scoring.noComments')}</Typography.Text>
      ) : (
        general.map((comment) => (
          <div key={comment.qcid}>
            <Typography.Text strong>{comment.author?.nickname ?? ''}</Typography.Text>: {comment.content}
          </div>
        ))
      )}
      {canComment ? (
        <Form
          form={form}
          layout="vertical"
          style={{ marginTop: 12 }}
          onFinish={(values) => mutation.mutate(values.content.trim())}
        >
          <Space style={{ marginBottom: 8 }}>
            <Typography.Text type="secondary">
              {anchor
                ? t('scoring.anchored', { text: messageText(anchor).slice(0, 60) })
                : t('scoring.clearAnchor')}
            </Typography.Text>
            {anchor ? (
              <Button size="small" onClick={() => onAnchor(null)}>
                {t('scoring.clearAnchor')}
              </Button>
            ) : null}
          </Space>
          <Form.Item
            name="content"
            rules={[
              { required: true, whitespace: true, message: t('scoring.commentRequired') },
              { max: 2000 },
            ]}
          >
            <Input.TextArea
              rows={2}
              placeholder={t('scoring.commentPlaceholder')}
              aria-label={t('scoring.comments')}
            />
          </Form.Item>
          <Button htmlType="submit" loading={mutation.isPending}>
            {t('scoring.comment')}
          </Button>
        </Form>
      ) : null}
    </Card>
  );
};

/** Item scores as the form keeps them, keyed by item. */
const toDraft = (items: QualityItemScore[]): Record<string, QualityItemScore> =>
  Object.fromEntries(items.map((item) => [item.key, item]));

const ScoreForm = ({
  detail,
  mode,
  onUpdated,
}: {
  detail: QualityDetail;
  mode: Mode;
  onUpdated: (detail: QualityDetail) => void;
}) => {
  const { t } = useTranslation(QUALITY_NS);
  const { message } = App.useApp();
  const canDo = useCan();
  const [draft, setDraft] = useState(() => toDraft(detail.items));
  useEffect(() => setDraft(toDraft(detail.items)), [detail.items]);
  const criteria = detail.schemeDetail.criteria;
  const items = useMemo(() => Object.values(draft), [draft]);
  const preview = computeQualityScore(criteria, items);
  const isEditable =
    mode === 'score' &&
    canDo('quality.list.edit') &&
    (detail.status === 'pending' || detail.status === 'scored');
  // Accepting an appeal rescoring: the checker changes the items, then accepts.
  const isDeciding = mode === 'result' && detail.status === 'appealed' && canDo('quality.result.edit');
  const mutation = useMutation({
    mutationFn: () => scoreInspection(detail.qid, items),
    onSuccess: (next) => {
      message.success(t('scoring.saved', { score: next.score ?? 0 }));
      onUpdated(next);
    },
    onError: reportUnlessHandled,
  });
  const change = (key: string, patch: Partial<QualityItemScore>) =>
    setDraft((current) => {
      const base = current[key] ?? { key, earned: 0, hit: false, evidence: '', isAutomatic: false };
      return { ...current, [key]: { ...base, ...patch } };
    });
  const isPassed = !preview.isFatal && preview.score >= detail.scheme.passMark;

  return (
    <>
      <Alert
        type={preview.isFatal ? 'error' : isPassed ? 'success' : 'warning'}
        showIcon
        title={
          preview.isFatal
            ? t('scoring.fatalPreview')
            : t('scoring.preview', { score: preview.score, passMark: detail.scheme.passMark })
        }
        action={
          <Tag color={isPassed ? 'green' : 'red'}>{isPassed ? t('scoring.passed') : t('scoring.failed')}</Tag>
        }
        style={{ marginBottom: 12 }}
      />
      {mode === 'score' && !isEditable && detail.status !== 'pending' && detail.status !== 'scored' ? (
        <Alert type="info" title={t('scoring.frozen')} style={{ marginBottom: 12 }} />
      ) : null}
      {criteria.map((criterion, index) => (
        <Card
          key={criterion.key}
          size="small"
          style={{ marginBottom: 12 }}
          title={`${criterion.name} · ${criterion.weight}%`}
          extra={`${preview.criteria[index]?.percent ?? 0}%`}
        >
          {criterion.items.map((item) => {
            const score = draft[item.key];
            return (
              <div
                key={item.key}
                style={{
                  display: 'flex',
                  gap: 12,
                  alignItems: 'flex-start',
                  justifyContent: 'space-between',
                  padding: '4px 0',
                }}
              >
                <div>
                  <Space size={4}>
                    <span>{item.name}</span>
                    {item.fatal ? <Tag color="red">{t('scoring.fatal')}</Tag> : null}
                    {item.check ? <Tag color="purple">{t('scoring.auto')}</Tag> : null}
                  </Space>
                  {score?.evidence ? (
                    <div>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {score.evidence}
                      </Typography.Text>
                    </div>
                  ) : null}
                </div>
                {item.fatal ? (
                  <Checkbox
                    aria-label={item.name}
                    checked={score?.hit ?? false}
                    disabled={!isEditable && !isDeciding}
                    onChange={(event) => change(item.key, { hit: event.target.checked })}
                  >
                    {t('scoring.hit')}
                  </Checkbox>
                ) : (
                  <Space size={4}>
                    <InputNumber
                      aria-label={item.name}
                      size="small"
                      min={0}
                      max={item.points}
                      step={1}
                      value={score?.earned ?? item.points}
                      disabled={!isEditable && !isDeciding}
                      onChange={(value) =>
                        change(item.key, { earned: Math.min(item.points, Math.max(0, Number(value ?? 0))) })
                      }
                      style={{ width: 72 }}
                    />
                    <Typography.Text type="secondary">/ {item.points}</Typography.Text>
                  </Space>
                )}
              </div>
            );
          })}
        </Card>
      ))}
      {isEditable ? (
        <Button type="primary" loading={mutation.isPending} onClick={() => mutation.mutate()}>
          {detail.status === 'pending' ? t('scoring.submit') : t('scoring.rescore')}
        </Button>
      ) : null}
      {isDeciding ? <DecidePanel detail={detail} items={items} onUpdated={onUpdated} /> : null}
    </>
  );
};

const DecidePanel = ({
  detail,
  items,
  onUpdated,
}: {
  detail: QualityDetail;
  items: QualityItemScore[];
  onUpdated: (detail: QualityDetail) => void;
}) => {
  const { t } = useTranslation(QUALITY_NS);
  const { message } = App.useApp();
  const [reply, setReply] = useState('');
  const mutation = useMutation({
    mutationFn: (decision: 'accept' | 'reject') =>
      decideAppeal({ qid: detail.qid, decision, reply, ...(decision === 'accept' ? { items } : {}) }),
    onSuccess: (next) => {
      message.success(t('appeal.decided'));
      onUpdated(next);
    },
    onError: reportUnlessHandled,
  });
  return (
    <Card size="small" title={t('appeal.decide')} style={{ marginTop: 12 }}>
      <Input.TextArea
        rows={2}
        aria-label={t('appeal.replyLabel')}
        placeholder={t('appeal.replyLabel')}
        value={reply}
        maxLength={1000}
        onChange={(event) => setReply(event.target.value)}
      />
      <Space style={{ marginTop: 8 }}>
        <Button type="primary" loading={mutation.isPending} onClick={() => mutation.mutate('accept')}>
          {t('appeal.accept')}
        </Button>
        <Button danger loading={mutation.isPending} onClick={() => mutation.mutate('reject')}>
          {t('appeal.reject')}
        </Button>
      </Space>
    </Card>
  );
};

const AppealPanel = ({
  detail,
  onUpdated,
}: {
  detail: QualityDetail;
  onUpdated: (detail: QualityDetail) => void;
}) => {
  const { t } = useTranslation(QUALITY_NS);
  const { message } = App.useApp();
  const profile = useProfile();
  const [form] = Form.useForm<{ reason: string }>();
  const mutation = useMutation({
    mutationFn: (reason: string) => appealInspection(detail.qid, reason),
    onSuccess: (next) => {
      message.success(t('appeal.sent'));
      onUpdated(next);
    },
    onError: (error) => showFormError(form, error, ['reason']),
  });
  const isMine = profile !== null && detail.agent?.uid === profile.uid;
  return (
    <Card size="small" title={t('appeal.title')} style={{ marginTop: 16 }}>
      {detail.appeal ? (
        <>
          <Typography.Paragraph>
            {t('appeal.appealed', { at: formatTime(detail.appeal.at), reason: detail.appeal.reason })}
          </Typography.Paragraph>
          {detail.appeal.reply ? (
            <Typography.Paragraph type="secondary">
              {t('appeal.reply', { reply: detail.appeal.reply })}
            </Typography.Paragraph>
          ) : null}
        </>
      ) : isMine && detail.status === 'scored' ? (
        <Form form={form} layout="vertical" onFinish={(values) => mutation.mutate(values.reason.trim())}>
          <Form.Item
            name="reason"
            label={t('appeal.reason')}
            extra={t('appeal.once')}
            rules={[{ required: true, whitespace: true, message: t('appeal.reasonRequired') }, { max: 1000 }]}
          >
            <Input.TextArea rows={3} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            {t('appeal.submit')}
          </Button>
        </Form>
      ) : (
        <Typography.Text type="secondary">—</Typography.Text>
      )}
    </Card>
  );
};
