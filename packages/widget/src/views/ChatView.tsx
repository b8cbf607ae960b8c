import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { CallPanel } from '../call/CallPanel.js';
import type { Translate, WidgetLanguage } from '../i18n.js';
import { MobilePrompt } from '../PreChatForm.js';
import { robotRatingOf, robotStreamsOf, timelineOf } from '../state/chat.js';
import type { ChatController } from '../state/useChat.js';
import type { SiteCommodity } from '../commodity.js';
import { ClosedView } from './ClosedView.js';
import { CommodityOffer } from './CommodityOffer.js';
import { Composer } from './Composer.js';
import { MessageList } from './MessageList.js';
import { readQuestionnaire, type QuestionnaireControls } from './QuestionnaireCard.js';
import type { QuestionnairePanel } from './QuestionnairePanel.js';
import { QueueBanner } from './QueueBanner.js';
import { RateForm } from './RateForm.js';
import type { RobotControls } from './RobotReply.js';

/** The conversation screen: log, queue place, upload, rating, contact prompt, then composer or end. */
export const ChatView = ({
  t,
  chat,
  language = 'en-US',
  commodity,
  featuredCall = false,
}: {
  t: Translate;
  chat: ChatController;
  language?: WidgetLanguage;
  /** Code style 5: the video call is offered first. */
  featuredCall?: boolean;
  /** The product the visitor was looking at: offered until they send it. */
  commodity?: SiteCommodity | null;
}) => {
  const { state } = chat;
  const { thread, settings, upload } = state;
  const isClosed = thread?.status === 'closed';
  const { messages, notices } = state;
  const timeline = useMemo(() => timelineOf({ messages, notices }), [messages, notices]);
  const listRef = useRef<HTMLDivElement>(null);
  const robot: RobotControls = {
    isLive: thread?.status === 'robot',
    isTransferring: state.isTransferring,
    ask: (text) => void chat.sendText(text),
    transfer: () => void chat.transferToAgent(),
    rate: (mid, isHelpful) => void chat.rateAnswer(mid, isHelpful),
    sendLead: (mid, name, mobile) => chat.sendLead(mid, name, mobile),
    ratingOf: (mid, stored) => robotRatingOf(state, mid, stored),
  };
  // Questionnaire cards: the form opens over the conversation, its code loaded on first use.
  const [openForm, setOpenForm] = useState<{ mid: string; fid: string } | null>(null);
  const [Panel, setPanel] = useState<typeof QuestionnairePanel | null>(null);
  const [answeredHere, setAnsweredHere] = useState<ReadonlySet<string>>(new Set());
  // Stable, so the panel's load effect does not run again on every render.
  const markAnswered = useCallback(
    (mid: string) => setAnsweredHere((current) => (current.has(mid) ? current : new Set([...current, mid]))),
    [],
  );
  const answered = useMemo(() => {
    const all = new Set(answeredHere);
    for (const message of messages)
      if (message.type === 'questionnaire') {
        const replyTo = readQuestionnaire(message.content)?.replyTo;
        if (replyTo) all.add(replyTo);
      }
    return all;
  }, [messages, answeredHere]);
  const questionnaire: QuestionnaireControls | undefined = thread
    ? {
        api: chat.api,
        tid: thread.tid,
        answered,
        open: (mid, ref) => {
          setOpenForm({ mid, fid: ref.fid });
          if (!Panel)
            void import('./QuestionnairePanel.js').then((module) =>
              setPanel(() => module.QuestionnairePanel),
            );
        },
      }
    : undefined;

  // The skill group's after-chat survey (sent when the chat closed): offered after the rating.
  const afterChat = useMemo(() => {
    for (const message of [...messages].reverse()) {
      const ref = message.type === 'questionnaire' ? readQuestionnaire(message.content) : null;
      if (ref?.purpose === 'afterchat' && !ref.rid && message.mid) return { mid: message.mid, ref };
    }
    return null;
  }, [messages]);
  const isRatingOpen = state.isRating && !state.hasRated;

  useEffect(() => {
    listRef.current?.scrollTo?.({ top: listRef.current.scrollHeight });
  }, [timeline.length, state.isAgentTyping, state.robotStreams]);

  if (openForm && thread)
    return Panel ? (
      <Panel
        t={t}
        language={language}
        api={chat.api}
        tid={thread.tid}
        mid={openForm.mid}
        fid={openForm.fid}
        onClose={() => setOpenForm(null)}
        onAnswered={markAnswered}
      />
    ) : (
      <p class="okw-muted okw-questionnaire-panel">{t('questionnaireLoading')}</p>
    );

  return (
    <>
      {!state.isConnected && <div class="okw-banner">{t('reconnecting')}</div>}
      <MessageList
        t={t}
        timeline={timeline}
        agentReadSeq={state.agentReadSeq}
        listRef={listRef}
        onRetry={chat.retry}
        robot={robot}
        questionnaire={questionnaire}
        onOpenRedPacket={chat.openRedPacket}
        before={
          state.hasOlder &&
          thread && (
            <button type="button" class="okw-link okw-older" onClick={() => void chat.loadOlder()}>
              {t('olderMessages')}
            </button>
          )
        }
        after={
          <>
            {robotStreamsOf(state).map((stream) => (
              // Plain text while it is written; the stored answer (rich text) replaces it.
              <div class="okw-row okw-row--robot" key={stream.streamId} data-testid="robot-stream">
                <div class="okw-bubble">
                  <span class="okw-text">{stream.text}</span>
                  <span class="okw-caret" aria-hidden="true" />
                </div>
              </div>
            ))}
            {state.isAgentTyping && (
              <div class="okw-typing" data-testid="chat-typing">
                {t('typing', { name: thread?.agent?.nickname ?? (settings?.nickname || t('title')) })}
              </div>
            )}
          </>
        }
      />
      {state.isTransferring && (
        <div class="okw-banner" role="status" data-testid="robot-transferring">
          {t('robotTransferring')}
        </div>
      )}
      {state.transferError && (
        <div class="okw-banner" role="alert" data-testid="robot-transfer-error">
          {t('robotTransferFailed', { reason: state.transferError })}
        </div>
      )}
      {thread?.status === 'queuing' && thread.queuePosition !== null && (
        <QueueBanner t={t} position={thread.queuePosition} />
      )}
      {upload && (
        <div class="okw-banner" role={upload.error ? 'alert' : 'status'}>
          {upload.error
            ? t('uploadFailed', { reason: upload.error })
            : t('uploading', { percent: upload.percent })}
          {!upload.error && <progress max={100} value={upload.percent} aria-label={t('file')} />}
        </div>
      )}
      {isRatingOpen && thread && <RateForm t={t} onSkip={chat.skipRating} onSubmit={chat.rate} />}
      {settings?.showCollectMobile && !isClosed && state.mobileAsk === 'ask' && (
        <MobilePrompt t={t} onSkip={chat.skipMobile} onSave={chat.saveMobile} />
      )}
      {state.mobileAsk === 'saved' && (
        <div class="okw-notice" data-testid="mobile-saved">
          {t('mobileSaved')}
        </div>
      )}
      {isClosed && !isRatingOpen && afterChat && questionnaire && !answered.has(afterChat.mid) && (
        <div class="okw-card" data-testid="afterchat-survey">
          <strong>{t('afterChatAsk')}</strong>
          <span>{afterChat.ref.title}</span>
          <div class="okw-actions">
            <button
              type="button"
              class="okw-button"
              data-testid="afterchat-fill"
              onClick={() => questionnaire.open(afterChat.mid, afterChat.ref)}
            >
              {t('questionnaireFill')}
            </button>
          </div>
        </div>
      )}
      {!isClosed &&
        thread &&
        commodity &&
        !messages.some(
          (message) =>
            message.sender.kind === 'visitor' &&
            message.card?.kind === 'commodity' &&
            message.card.url === commodity.url,
        ) && (
          <CommodityOffer
            t={t}
            commodity={commodity}
            onSend={(offered) => chat.sendCard({ kind: 'commodity', commodity: offered })}
          />
        )}
      {thread && !isClosed && (
        <CallPanel
          t={t}
          socket={state.isConnected ? chat.socket() : null}
          tid={thread.tid}
          canCall={settings?.allowCall === true && thread.status === 'chatting' && Boolean(thread.agent)}
          isFeatured={featuredCall}
        />
      )}
      {isClosed ? (
        <ClosedView t={t} onNewChat={() => void chat.start()} />
      ) : (
        <Composer
          t={t}
          onSend={chat.sendText}
          onDraft={chat.typing}
          onFile={(file, kind) => void chat.sendFile(file, kind)}
          onLocation={(location) => chat.sendCard({ kind: 'location', location })}
          onVoice={(file) => void chat.sendVoice(file)}
        />
      )}
    </>
  );
};
