import { memo, type ReactNode } from 'react';
import { Avatar, Button, Image, Progress, Tooltip, Typography } from 'antd';
import {
  CheckOutlined,
  ClockCircleOutlined,
  ExclamationCircleOutlined,
  FileOutlined,
} from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { messageRecallWindowMs, type MessageType } from '@openkefu/contract';
import { MediaPlayer, MessageCardView } from '../../../shared/components/MessageCard';
import { formatFileSize } from '../../../shared/utils/fileSize';
import { WORKBENCH_NS } from '../i18n';
import { isStored, type ChatMessage } from '../state/messages';
import { DeliveryFailure, DeliveryMark } from './DeliveryStatus';
import { RedeliverButton } from './RedeliverButton';
import { QuestionnaireAnsweredNotice, QuestionnaireCardBody } from './Questionnaire';
import { RobotMessage } from './RobotMessage';
import { callNoticeText } from '../call/notice';

const LINK = /(https?:\/\/[^\s<>"']+)/g;

/**
 * Plain text with its web addresses as links. Built from React text nodes (never HTML): a
 * visitor's `<b>` shows as `<b>`. Only http(s) addresses become links.
 */
export const linkify = (text: string): ReactNode[] =>
  text.split(LINK).map((part, index) =>
    index % 2 === 1 ? (
      <a key={index} href={part} target="_blank" rel="noopener noreferrer nofollow">
        {part}
      </a>
    ) : (
      part
    ),
  );

export const isNotice = (type: MessageType): boolean => type.startsWith('notification_');

/**
 * A system line in the reader's language. The server stores a notice's particulars in `content`
 * (who accepted, the score, the tip the visitor was shown): some read as part of the sentence,
 * the rest (tips) as a quoted line below it.
 */
export const noticeText = (
  message: Pick<ChatMessage, 'type' | 'content'>,
  t: (key: string, options?: Record<string, string>) => string,
): { text: string; detail: string } => {
  const content = message.content.trim();
  if (!isNotice(message.type)) return { text: content, detail: '' };
  if (message.type === 'notification_webrtc') return { text: callNoticeText(content, t), detail: '' };
  const withContent = content ? t(`noticeWith.${message.type}`, { content, defaultValue: '' }) : '';
  if (withContent) return { text: withContent, detail: '' };
  const label = t(`notice.${message.type}`, { defaultValue: '' });
  return label ? { text: label, detail: content } : { text: content, detail: '' };
};

const StatusMark = ({ message }: { message: ChatMessage }) => {
  const { t } = useTranslation(WORKBENCH_NS);
  const status = message.status;
  const label = t(`messages.status.${status}`, { defaultValue: '' });
  if (!label) return null;
  const icon =
    status === 'sending' ? (
      <ClockCircleOutlined />
    ) : status === 'error' ? (
      <ExclamationCircleOutlined />
    ) : status === 'stored' ? (
      <CheckOutlined />
    ) : (
      <span className="ok-wb-msg__double">
        <CheckOutlined />
        <CheckOutlined />
      </span>
    );
  return (
    <Tooltip title={message.error ?? label}>
      <span
        className={`ok-wb-msg__status ok-wb-msg__status--${status}`}
        data-testid="message-status"
        data-status={status}
        aria-label={label}
        role="img"
      >
        {icon}
      </span>
    </Tooltip>
  );
};

const MediaBody = ({ message }: { message: ChatMessage }) => {
  const { t } = useTranslation(WORKBENCH_NS);
  const isUploading = message.progress !== undefined && !isStored(message) && message.status === 'sending';
  const percent = Math.round((message.progress ?? 0) * 100);
  if (message.type === 'image') {
    const name = message.fileName || t('messages.image');
    return (
      <div className="ok-wb-msg__image">
        {message.thumbUrl || message.imageUrl ? (
          <Image
            src={message.thumbUrl || message.imageUrl}
            alt={name}
            width={200}
            preview={isStored(message) ? { src: message.imageUrl || message.thumbUrl } : false}
          />
        ) : (
          <span className="ok-wb-msg__placeholder">{name}</span>
        )}
        {isUploading && (
          <Progress percent={percent} size="small" aria-label={t('messages.uploading', { percent })} />
        )}
      </div>
    );
  }
  const name = message.fileName || message.fileUrl.split('/').pop() || '';
  return (
    <div className="ok-wb-msg__file">
      <FileOutlined className="ok-wb-msg__file-icon" />
      <div className="ok-wb-msg__file-body">
        {isStored(message) && message.fileUrl ? (
          <a
            href={message.fileUrl}
            download={message.fileName || true}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('messages.download', { name })}
          >
            {name}
          </a>
        ) : (
          <span>{name}</span>
        )}
        <Typography.Text type="secondary" className="ok-wb-msg__file-size">
          {formatFileSize(message.fileSize)}
        </Typography.Text>
        {isUploading && (
          <Progress percent={percent} size="small" aria-label={t('messages.uploading', { percent })} />
        )}
      </div>
    </div>
  );
};

const Body = ({ message }: { message: ChatMessage }) => {
  const { t } = useTranslation(WORKBENCH_NS);
  switch (message.type) {
    case 'image':
    case 'file':
      return <MediaBody message={message} />;
    case 'voice':
      return message.fileUrl ? <MediaPlayer kind="voice" url={message.fileUrl} /> : null;
    case 'video':
    case 'shortvideo':
      return message.fileUrl ? <MediaPlayer kind="video" url={message.fileUrl} /> : null;
    case 'location':
    case 'commodity':
    case 'red_packet':
      return message.card ? <MessageCardView card={message.card} /> : null;
    case 'robot':
      return <RobotMessage content={message.content} />;
    case 'questionnaire':
      return <QuestionnaireCardBody content={message.content} />;
    default:
      return (
        <>
          <div className="ok-wb-msg__text">
            {message.content
              ? linkify(message.content)
              : t('messages.unsupported', { type: t(`messageTypes.${message.type}`) })}
          </div>
          {message.card?.kind === 'link' && <MessageCardView card={message.card} />}
        </>
      );
  }
};

export type MessageItemProps = {
  message: ChatMessage;
  meUid: string;
  /** `Thread.client`: the channel a message is delivered to, when it has a delivery. */
  threadClient: string;
  now: number;
  onResend: (localId: string) => void;
  onRecall: (mid: string) => void;
  onRedeliver: (mid: string) => void;
};

/** One row of the conversation: a centred system line, or a bubble (visitor left, agents right). */
export const MessageItem = memo(
  ({ message, meUid, threadClient, now, onResend, onRecall, onRedeliver }: MessageItemProps) => {
    const { t } = useTranslation(WORKBENCH_NS);
    if (message.status === 'recall') {
      return (
        <div className="ok-wb-notice" role="note" data-testid="message-notice">
          {t('messages.recalled')}
        </div>
      );
    }
    if (message.type === 'questionnaire' && message.sender.kind === 'system')
      return <QuestionnaireAnsweredNotice message={message} />;
    if (isNotice(message.type) || message.sender.kind === 'system') {
      const { text, detail } = noticeText(message, t);
      return (
        <div className="ok-wb-notice" role="note" data-testid="message-notice">
          {text}
          {detail && <div className="ok-wb-notice__detail">{detail}</div>}
        </div>
      );
    }
    const isVisitor = message.sender.kind === 'visitor';
    const isMine = !isVisitor && message.sender.id === meUid;
    const canRecall =
      isMine &&
      isStored(message) &&
      message.type !== 'event' &&
      now - message.createdAt < messageRecallWindowMs;
    const delivery = isVisitor ? undefined : message.delivery;
    // In a channel conversation "stored" says little: the delivery takes its place, until receipts
    // (where a channel reports them) say more than "delivered".
    const showsStatus = isMine && (!delivery || (delivery.state === 'sent' && message.status !== 'stored'));
    const name = isMine
      ? t('messages.you')
      : message.sender.nickname || t(isVisitor ? 'messages.visitor' : 'messages.system');
    return (
      <div
        className={`ok-wb-msg ${isVisitor ? 'ok-wb-msg--in' : 'ok-wb-msg--out'}${isMine ? ' ok-wb-msg--mine' : ''}`}
        data-testid="message"
        data-seq={message.seq}
        data-mine={isMine ? 'true' : 'false'}
      >
        <Avatar size={32} src={message.sender.avatar || undefined} className="ok-wb-msg__avatar">
          {(message.sender.nickname || name).slice(0, 1).toUpperCase()}
        </Avatar>
        <div className="ok-wb-msg__column">
          <div className="ok-wb-msg__head">
            <span className="ok-wb-msg__name">{name}</span>
            <time dateTime={new Date(message.createdAt).toISOString()}>
              {dayjs(message.createdAt).format('HH:mm')}
            </time>
          </div>
          <div className={`ok-wb-msg__bubble ok-wb-msg__bubble--${message.type}`}>
            <Body message={message} />
          </div>
          {(isMine || delivery) && (
            <div className="ok-wb-msg__foot">
              {showsStatus && <StatusMark message={message} />}
              {delivery && !showsStatus && <DeliveryMark delivery={delivery} client={threadClient} />}
              {isMine && message.status === 'error' && (
                <>
                  {message.error && (
                    <Typography.Text type="danger" className="ok-wb-msg__error">
                      {message.error}
                    </Typography.Text>
                  )}
                  <Button type="link" size="small" onClick={() => onResend(message.localId)}>
                    {t('messages.resend')}
                  </Button>
                </>
              )}
              {canRecall && (
                <Button
                  type="link"
                  size="small"
                  className="ok-wb-msg__recall"
                  onClick={() => onRecall(message.mid)}
                >
                  {t('messages.recall')}
                </Button>
              )}
            </div>
          )}
          {delivery?.state === 'failed' && (
            <div className="ok-wb-delivery__failed">
              <DeliveryFailure delivery={delivery} client={threadClient} />
              <RedeliverButton
                isBusy={message.isRedelivering === true}
                onClick={() => onRedeliver(message.mid)}
              />
            </div>
          )}
        </div>
      </div>
    );
  },
);
MessageItem.displayName = 'MessageItem';
