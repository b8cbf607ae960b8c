import { useEffect, useRef } from 'react';
import { Alert, App, Badge, Button, Descriptions, Drawer, Space, Spin, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { parseError } from '../../../shared/api/parseError';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { useCan } from '../../../shared/components/Authorized/useCan';
import { addToQuality, fetchTranscript } from './api';
import { AgentName, ThreadStatusTag, formatTime, useClientLabel } from './display';
import { KEFU_THREAD_NS } from './i18n';
import { TranscriptView } from './TranscriptView';

export type TranscriptDrawerProps = {
  /** The conversation to show; null keeps the drawer closed. */
  tid: string | null;
  onClose: () => void;
  /** Poll the transcript this often while open (the monitor's live watch); off by default. */
  refreshMs?: number;
};

export const transcriptQueryKey = (tid: string | null) => ['kefu', 'records', 'transcript', tid] as const;

/** A conversation's particulars and every message, from GET /api/thread/transcript. */
export const TranscriptDrawer = ({ tid, onClose, refreshMs }: TranscriptDrawerProps) => {
  const { t } = useTranslation(KEFU_THREAD_NS);
  const clientLabel = useClientLabel();
  const query = useQuery({
    queryKey: transcriptQueryKey(tid),
    queryFn: () => fetchTranscript(tid ?? ''),
    enabled: tid !== null,
    refetchInterval: refreshMs,
  });
  const transcript = query.data;
  const count = transcript?.messages.length ?? 0;
  const endRef = useRef<HTMLDivElement>(null);

  // Live watch: follow new messages as they arrive.
  useEffect(() => {
    if (refreshMs && count > 0) endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [refreshMs, count]);

  const thread = transcript?.thread;
  const { message } = App.useApp();
  const canInspect = useCan()('quality.list.add');
  const inspect = useMutation({
    mutationFn: addToQuality,
    onSuccess: () => message.success(t('transcript.addedToQuality')),
    onError: reportUnlessHandled,
  });
  return (
    <Drawer
      open={tid !== null}
      onClose={onClose}
      size={720}
      destroyOnHidden
      title={
        thread
          ? t('transcript.title', { visitor: thread.visitor.nickname || thread.visitor.vid })
          : t('actions.transcript')
      }
      extra={
        refreshMs ? (
          <Space>
            <Badge status="processing" />
            <Typography.Text type="secondary">
              {t('transcript.live', { seconds: Math.round(refreshMs / 1000) })}
            </Typography.Text>
            {query.dataUpdatedAt > 0 ? (
              <Typography.Text type="secondary">
                {t('transcript.updatedAt', { time: dayjs(query.dataUpdatedAt).format('HH:mm:ss') })}
              </Typography.Text>
            ) : null}
          </Space>
        ) : canInspect && thread?.status === 'closed' && thread.agent ? (
          <Button size="small" loading={inspect.isPending} onClick={() => inspect.mutate(thread.tid)}>
            {t('transcript.addToQuality')}
          </Button>
        ) : null
      }
    >
      {query.isLoading ? (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin />
        </div>
      ) : query.isError && !transcript ? (
        <Alert
          type="error"
          showIcon
          title={t('transcript.loadFailed', { message: parseError(query.error).message })}
        />
      ) : thread && transcript ? (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('transcript.fields.visitor')}>
              {thread.visitor.nickname || thread.visitor.vid}
            </Descriptions.Item>
            <Descriptions.Item label={t('transcript.fields.status')}>
              <ThreadStatusTag
                status={thread.status}
                queuePosition={thread.queuePosition}
                leftMessage={thread.leftMessage}
              />
            </Descriptions.Item>
            <Descriptions.Item label={t('transcript.fields.agent')}>
              <AgentName agent={thread.agent} />
            </Descriptions.Item>
            <Descriptions.Item label={t('transcript.fields.workgroup')}>
              {thread.workgroup?.nickname ?? t('noWorkgroup')}
            </Descriptions.Item>
            <Descriptions.Item label={t('transcript.fields.client')}>
              {clientLabel(thread.client)}
            </Descriptions.Item>
            <Descriptions.Item label={t('transcript.fields.rated')}>
              {thread.rated ? t('yes') : t('no')}
            </Descriptions.Item>
            <Descriptions.Item label={t('transcript.fields.createdAt')}>
              {formatTime(thread.createdAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('transcript.fields.closedAt')}>
              {thread.closedAt === null ? '—' : formatTime(thread.closedAt)}
              {thread.closeType ? ` (${t(`closeType.${thread.closeType}`)})` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('transcript.fields.tid')} span={2}>
              <Typography.Text copyable>{thread.tid}</Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <Typography.Text type="secondary">{t('transcript.messageCount', { count })}</Typography.Text>
          <TranscriptView messages={transcript.messages} />
          <div ref={endRef} />
        </Space>
      ) : null}
    </Drawer>
  );
};
