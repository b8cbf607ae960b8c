import { Alert, Button, Drawer, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Message, RobotHistoryRow } from '@openkefu/contract';
import { parseError } from '../../../../shared/api/parseError';
import { RobotMessage } from '../../../agent/components/RobotMessage';
import { formatTime } from '../../shared/display';
import { fetchTranscript } from '../api';
import { ROBOT_INSIGHT_NS } from '../i18n';

const SENDER_COLORS = { visitor: 'default', agent: 'green', robot: 'blue', system: 'default' } as const;

/** A message as text: the content, or its file or link when it has no caption. */
const messageText = (message: Message): string =>
  message.content || message.fileName || message.fileUrl || message.imageUrl || `[${message.type}]`;

const TranscriptMessage = ({ message }: { message: Message }) => {
  const { t } = useTranslation(ROBOT_INSIGHT_NS);
  return (
    <div className="ok-robot-transcript__message" data-testid="transcript-message">
      <Flex gap={8} align="center" wrap>
        <Tag color={SENDER_COLORS[message.sender.kind]}>{t(`history.sender.${message.sender.kind}`)}</Tag>
        <Typography.Text strong>{message.sender.nickname}</Typography.Text>
        <Typography.Text type="secondary">{formatTime(message.createdAt)}</Typography.Text>
      </Flex>
      <div style={{ margin: '4px 0 12px', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {message.type === 'robot' ? <RobotMessage content={message.content} /> : messageText(message)}
      </div>
    </div>
  );
};

/** A robot conversation's transcript: what the visitor asked, what the robot answered and how it was rated. */
export const TranscriptDrawer = ({ row, onClose }: { row: RobotHistoryRow | null; onClose: () => void }) => {
  const { t } = useTranslation(ROBOT_INSIGHT_NS);
  const tid = row?.tid;
  const transcript = useQuery({
    queryKey: ['robot', 'transcript', tid],
    queryFn: () => fetchTranscript(tid as string),
    enabled: tid !== undefined,
  });

  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      size={560}
      title={row ? t('history.transcriptOf', { visitor: row.visitor.nickname || row.visitor.vid }) : ''}
      className="ok-robot-transcript"
      destroyOnHidden
    >
      {row && (
        <Typography.Paragraph type="secondary" data-testid="transcript-summary">
          {t('history.summary', {
            time: formatTime(row.startedAt),
            group: row.workGroup?.nickname ?? '—',
            robot: row.robot?.nickname ?? '—',
            questions: row.questions,
            answered: row.answered,
          })}
        </Typography.Paragraph>
      )}
      {transcript.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('history.transcriptFailed')}
          description={parseError(transcript.error).message}
          action={<Button onClick={() => void transcript.refetch()}>{t('actions.retry')}</Button>}
        />
      ) : transcript.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : transcript.data.messages.length === 0 ? (
        <Empty description={t('history.noMessages')} />
      ) : (
        <>
          {transcript.data.messages.map((message) => (
            <TranscriptMessage key={message.mid} message={message} />
          ))}
          {transcript.data.hasMore && <Typography.Text type="secondary">{t('history.more')}</Typography.Text>}
        </>
      )}
    </Drawer>
  );
};
