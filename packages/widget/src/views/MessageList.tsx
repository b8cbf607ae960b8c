import type { ComponentChildren, Ref } from 'preact';
import type { Translate } from '../i18n.js';
import { FileIcon } from '../icons.js';
import type { TimelineItem } from '../state/chat.js';
import { isNotification, type ShownMessage } from '../state/messages.js';
import { readRobotReply } from '../state/robot.js';
import { MessageCardView, type OpenRedPacket } from './MessageCard.js';
import { noticeText } from './notices.js';
import { QuestionnaireCard, readQuestionnaire, type QuestionnaireControls } from './QuestionnaireCard.js';
import { RobotReply, type RobotControls } from './RobotReply.js';

const formatSize = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 ** 2
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1024 ** 2).toFixed(1)} MB`;

const MessageBody = ({
  message,
  t,
  robot,
  questionnaire,
  onOpenRedPacket,
}: {
  message: ShownMessage;
  t: Translate;
  robot?: RobotControls;
  questionnaire?: QuestionnaireControls;
  onOpenRedPacket?: OpenRedPacket;
}) => {
  if (message.status === 'recall') return <span class="okw-muted">{t('recalled')}</span>;
  if (message.type === 'questionnaire') {
    const ref = readQuestionnaire(message.content);
    return ref && <QuestionnaireCard t={t} mid={message.mid} questionnaire={ref} controls={questionnaire} />;
  }
  if (message.type === 'robot') {
    const reply = readRobotReply(message.content);
    return reply && <RobotReply t={t} mid={message.mid} reply={reply} controls={robot} />;
  }
  if (message.type === 'image' && message.imageUrl)
    return (
      <a href={message.imageUrl} target="_blank" rel="noopener noreferrer">
        <img class="okw-image" src={message.thumbUrl || message.imageUrl} alt={message.fileName} />
      </a>
    );
  if (
    (message.type === 'location' || message.type === 'commodity' || message.type === 'red_packet') &&
    message.card
  )
    return <MessageCardView mid={message.mid} card={message.card} t={t} onOpenRedPacket={onOpenRedPacket} />;
  // Players load only the metadata (duration, first frame) until the visitor presses play.
  if (message.type === 'voice' && message.fileUrl)
    return (
      <audio
        class="okw-audio"
        controls
        preload="metadata"
        src={message.fileUrl}
        aria-label={t('voiceLabel')}
        data-testid="chat-voice"
      />
    );
  if ((message.type === 'video' || message.type === 'shortvideo') && message.fileUrl)
    return (
      <video
        class="okw-video"
        controls
        preload="metadata"
        playsInline
        src={message.fileUrl}
        aria-label={t('videoLabel')}
        data-testid="chat-video"
      />
    );
  if (message.type === 'file' && message.fileUrl)
    return (
      <a
        class="okw-file"
        href={message.fileUrl}
        target="_blank"
        rel="noopener noreferrer"
        download={message.fileName}
      >
        <span class="okw-file-icon">
          <FileIcon />
        </span>
        <span>
          <span class="okw-file-name">{message.fileName || t('fileLabel')}</span>
          <span class="okw-muted">{formatSize(message.fileSize)}</span>
        </span>
      </a>
    );
  const linkCard = message.card?.kind === 'link' ? <MessageCardView card={message.card} t={t} /> : null;
  if (message.type === 'link')
    return (
      <>
        <a
          href={/^https?:\/\//.test(message.content) ? message.content : undefined}
          target="_blank"
          rel="noopener noreferrer"
        >
          {message.content}
        </a>
        {linkCard}
      </>
    );
  // Text is rendered as text: Preact escapes it, nothing here is parsed as HTML.
  return (
    <>
      <span class="okw-text">{message.content}</span>
      {linkCard}
    </>
  );
};

const VisitorStatus = ({
  t,
  message,
  agentReadSeq,
  onRetry,
}: {
  t: Translate;
  message: ShownMessage;
  agentReadSeq: number;
  onRetry?: (message: ShownMessage) => void;
}) => (
  <span class="okw-status" data-testid="chat-message-status">
    {message.pending === 'failed' ? (
      <>
        {t('sendFailed', { reason: message.error ?? '' })}{' '}
        {onRetry && (
          <button type="button" class="okw-link" onClick={() => onRetry(message)}>
            {t('retry')}
          </button>
        )}
      </>
    ) : message.pending ? (
      t('sending')
    ) : message.seq <= agentReadSeq ? (
      t('read')
    ) : (
      t('delivered')
    )}
  </span>
);

/** The conversation: the timeline as the state orders it, with the visitor's delivery marks. */
export const MessageList = ({
  t,
  timeline,
  agentReadSeq = 0,
  listRef,
  onRetry,
  robot,
  questionnaire,
  onOpenRedPacket,
  before,
  after,
}: {
  t: Translate;
  timeline: TimelineItem[];
  agentReadSeq?: number;
  listRef?: Ref<HTMLDivElement>;
  onRetry?: (message: ShownMessage) => void;
  /** What the robot's questions, quick buttons and ratings do (live chat only). */
  robot?: RobotControls;
  /** Opening the forms of questionnaire cards (live chat only). */
  questionnaire?: QuestionnaireControls;
  /** Opening red packets (live chat only). */
  onOpenRedPacket?: OpenRedPacket;
  /** Above the timeline ("load earlier messages"). */
  before?: ComponentChildren;
  /** Below it (typing). */
  after?: ComponentChildren;
}) => (
  <div class="okw-messages" ref={listRef} data-testid="chat-messages" aria-live="polite">
    {before}
    {timeline.map((item) => {
      if (item.kind === 'notice')
        return (
          <div class="okw-notice" key={item.key} data-testid="chat-notice">
            {item.notice.word ? t(item.notice.word) : item.notice.text}
          </div>
        );
      const { message } = item;
      if (isNotification(message))
        return (
          <div class="okw-notice" key={item.key} data-type={message.type} data-testid="chat-notice">
            {noticeText(message, t)}
          </div>
        );
      const answered = message.type === 'questionnaire' ? readQuestionnaire(message.content) : null;
      if (answered?.rid)
        return (
          <div class="okw-notice" key={item.key} data-type={message.type} data-testid="chat-notice">
            {t('questionnaireAnswered', { title: answered.title })}
          </div>
        );
      const isMine = message.sender.kind === 'visitor';
      return (
        <div
          key={item.key}
          class={`okw-row ${isMine ? 'okw-row--mine' : ''} ${message.type === 'robot' ? 'okw-row--robot' : ''}`}
          data-testid="chat-message"
          data-type={message.type}
        >
          {!isMine && <span class="okw-sender">{message.sender.nickname}</span>}
          <div class="okw-bubble">
            <MessageBody
              message={message}
              t={t}
              robot={robot}
              questionnaire={questionnaire}
              onOpenRedPacket={onOpenRedPacket}
            />
          </div>
          {isMine && <VisitorStatus t={t} message={message} agentReadSeq={agentReadSeq} onRetry={onRetry} />}
        </div>
      );
    })}
    {after}
  </div>
);
