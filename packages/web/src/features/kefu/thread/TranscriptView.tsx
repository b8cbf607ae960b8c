import './transcript.css';
import type { ReactNode } from 'react';
import { Empty, Image, Space, Typography } from 'antd';
import { FileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatCoordinates, type Message } from '@openkefu/contract';
import { MediaPlayer, MessageCardView } from '../../../shared/components/MessageCard';
import { formatFileSize } from '../../../shared/utils/fileSize';
import { formatTime } from './display';
import { KEFU_THREAD_NS } from './i18n';
import './message-types.i18n';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Only web addresses become links or media sources: a stored `javascript:` URL stays inert text. */
export const isSafeUrl = (url: string): boolean => {
  if (!url) return false;
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
};

const LINK = /(https?:\/\/[^\s<>"']+)/g;

/** Plain text with its web addresses as links, built from text nodes (never HTML). */
const linkify = (text: string): ReactNode[] =>
  text.split(LINK).map((part, index) =>
    index % 2 === 1 ? (
      <a key={index} href={part} target="_blank" rel="noopener noreferrer nofollow">
        {part}
      </a>
    ) : (
      part
    ),
  );

export const isNotice = (message: Pick<Message, 'type'>): boolean => message.type.startsWith('notification_');

/** A system notice in the reader's language; a notice's particulars (who, the score) come in `content`. */
export const noticeText = (
  message: Pick<Message, 'type' | 'content'>,
  t: Translate,
): { text: string; detail: string } => {
  const content = message.content.trim();
  const withContent = content ? t(`noticeWith.${message.type}`, { content, defaultValue: '' }) : '';
  if (withContent) return { text: withContent, detail: '' };
  const label = t(`notice.${message.type}`, { defaultValue: '' });
  return label ? { text: label, detail: content } : { text: content || message.type, detail: '' };
};

/** One line of text for a message in a list (search results): its text, or its kind for media. */
export const messagePreview = (message: Message, t: Translate): string => {
  if (message.status === 'recall') return t('transcript.recalled');
  if (isNotice(message)) return noticeText(message, t).text;
  if (message.type === 'text' || message.type === 'link') return message.content;
  const kind = t(`messageTypes.${message.type}`, { defaultValue: message.type });
  const card = message.card;
  const name =
    message.type === 'file'
      ? message.fileName
      : card?.kind === 'location'
        ? [card.name, card.address, formatCoordinates(card)].filter(Boolean).join(' · ')
        : card?.kind === 'commodity'
          ? [card.title, card.price].filter(Boolean).join(' ')
          : card?.kind === 'red_packet'
            ? [card.amount, card.greeting].filter(Boolean).join(' · ')
            : message.content;
  return [t('transcript.media', { type: kind }), name].filter(Boolean).join(' ');
};

export const MessageBody = ({ message }: { message: Message }) => {
  const { t } = useTranslation(KEFU_THREAD_NS);
  if (message.status === 'recall')
    return <span className="ok-transcript__recalled">{t('transcript.recalled')}</span>;
  const caption = message.content ? <div>{linkify(message.content)}</div> : null;
  switch (message.type) {
    case 'text':
      return (
        <>
          {linkify(message.content)}
          {message.card?.kind === 'link' && <MessageCardView card={message.card} />}
        </>
      );
    case 'location':
    case 'commodity':
    case 'red_packet':
      return message.card ? (
        <MessageCardView card={message.card} />
      ) : (
        <>
          {t('transcript.media', { type: t(`messageTypes.${message.type}`, { defaultValue: message.type }) })}
        </>
      );
    case 'image': {
      const source = message.thumbUrl || message.imageUrl;
      if (!isSafeUrl(source)) return <>{t('transcript.media', { type: t('transcript.image') })}</>;
      return (
        <>
          <Image
            src={source}
            alt={message.fileName || t('transcript.image')}
            width={160}
            preview={isSafeUrl(message.imageUrl) ? { src: message.imageUrl } : false}
          />
          {caption}
        </>
      );
    }
    case 'link':
      return (
        <>
          {isSafeUrl(message.content) ? (
            <a href={message.content} target="_blank" rel="noopener noreferrer nofollow">
              {message.content}
            </a>
          ) : (
            message.content
          )}
          {message.card?.kind === 'link' && <MessageCardView card={message.card} />}
        </>
      );
    case 'voice':
    case 'video':
    case 'shortvideo':
    case 'file': {
      if (message.type !== 'file' && isSafeUrl(message.fileUrl))
        return (
          <>
            <MediaPlayer kind={message.type === 'voice' ? 'voice' : 'video'} url={message.fileUrl} />
            {caption}
          </>
        );
      const name = message.fileName || message.fileUrl.split('/').pop() || message.type;
      const label = `${name}${message.fileSize > 0 ? ` (${formatFileSize(message.fileSize)})` : ''}`;
      return (
        <>
          <Space>
            <FileOutlined />
            {isSafeUrl(message.fileUrl) ? (
              <a
                href={message.fileUrl}
                target="_blank"
                rel="noopener noreferrer"
                download={message.fileName || true}
                aria-label={t('transcript.download', { name })}
              >
                {label}
              </a>
            ) : (
              <span>{label}</span>
            )}
          </Space>
          {caption}
        </>
      );
    }
    default:
      return (
        <>
          {t('transcript.media', { type: t(`messageTypes.${message.type}`, { defaultValue: message.type }) })}
          {caption}
        </>
      );
  }
};

const senderName = (message: Message, t: Translate): string =>
  message.sender.kind === 'system' ? t('transcript.system') : message.sender.nickname || message.sender.id;

/** A conversation as the visitor and agents saw it: visitors left, agents right, notices centred. */
export const TranscriptView = ({ messages }: { messages: Message[] }) => {
  const { t } = useTranslation(KEFU_THREAD_NS);
  if (messages.length === 0) return <Empty description={t('transcript.empty')} />;
  return (
    <div
      className="ok-transcript"
      role="log"
      aria-label={t('transcript.messageCount', { count: messages.length })}
    >
      {messages.map((message) => {
        if (isNotice(message)) {
          const notice = noticeText(message, t);
          return (
            <div key={message.mid} className="ok-transcript__notice" data-testid="transcript-notice">
              {notice.text}
              {notice.detail ? <span className="ok-transcript__notice-detail">{notice.detail}</span> : null}
              <span className="ok-transcript__meta"> · {formatTime(message.createdAt)}</span>
            </div>
          );
        }
        return (
          <div
            key={message.mid}
            className={`ok-transcript__item ok-transcript__item--${message.sender.kind}`}
            data-testid="transcript-message"
          >
            <Typography.Text className="ok-transcript__meta">
              {senderName(message, t)} · {formatTime(message.createdAt)}
            </Typography.Text>
            <div className="ok-transcript__bubble">
              <MessageBody message={message} />
            </div>
          </div>
        );
      })}
    </div>
  );
};
