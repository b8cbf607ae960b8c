import { ChatIcon, FileIcon, ImageIcon, PaperclipIcon } from './icons';
import type {
  LeaveMessage,
  Message,
  Thread,
  ThreadRequestResult,
  VisitorForm,
  WidgetSettings,
} from '@openkefu/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ApiError, createApi } from './api.js';
import { emojis } from './emoji.js';
import { loadVisitorToken, saveVisitorToken } from './identity.js';
import { createTranslator, type Translate, type WidgetLanguage } from './i18n.js';
import { validateLeaveMessage, type LeaveErrors, type LeaveFields } from './leave-form.js';
import {
  contiguousSeq,
  createLocalId,
  isNotification,
  mergeMessages,
  type ShownMessage,
} from './messages.js';
import { connectChat, SendRefused, type ChatSocket } from './realtime.js';
import { MobilePrompt, PreChatForm } from './PreChatForm.js';

export type WidgetParams = {
  org: string;
  wid: string | null;
  aid: string | null;
  language: WidgetLanguage;
  /** The customer's page that opened the chat, and where that page came from. */
  page: string;
  referrer: string;
  client: string;
};

type Phase =
  | { kind: 'loading' }
  | { kind: 'error'; reason: string }
  | { kind: 'unknown' }
  | { kind: 'incomplete' }
  | { kind: 'blocked' }
  | { kind: 'leave'; tip: string }
  | { kind: 'form'; form: VisitorForm }
  | { kind: 'chat' };

const formatSize = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 ** 2
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1024 ** 2).toFixed(1)} MB`;

const noticeText = (message: Message, t: Translate): string => {
  switch (message.type) {
    case 'notification_queue_accept':
      return t('noticeAccept', { name: message.content });
    case 'notification_transfer':
      return t('noticeTransfer', { name: message.content });
    case 'notification_invite_accept':
      return t('noticeInvite', { name: message.content });
    case 'notification_invite_rate':
      return t('noticeInviteRate');
    case 'notification_rate_result':
      return t('noticeRateResult', { score: message.content });
    case 'notification_agent_close':
      return message.content || t('noticeAgentClose');
    case 'notification_visitor_close':
      return t('noticeVisitorClose');
    case 'notification_auto_close':
      return message.content || t('noticeAutoClose');
    default:
      return message.content;
  }
};

const MessageBody = ({ message, t }: { message: ShownMessage; t: Translate }) => {
  if (message.status === 'recall') return <span class="okw-muted">{t('recalled')}</span>;
  if (message.type === 'image' && message.imageUrl)
    return (
      <a href={message.imageUrl} target="_blank" rel="noopener noreferrer">
        <img class="okw-image" src={message.thumbUrl || message.imageUrl} alt={message.fileName} />
      </a>
    );
  if ((message.type === 'file' || message.type === 'video' || message.type === 'voice') && message.fileUrl)
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
  if (message.type === 'link')
    return (
      <a
        href={/^https?:\/\//.test(message.content) ? message.content : undefined}
        target="_blank"
        rel="noopener noreferrer"
      >
        {message.content}
      </a>
    );
  // Text is rendered as text: Preact escapes it, nothing here is parsed as HTML.
  return <span class="okw-text">{message.content}</span>;
};

export const App = ({
  params,
  base = '',
  connect = connectChat,
}: {
  params: WidgetParams;
  base?: string;
  /** The socket factory; tests pass a fake. */
  connect?: typeof connectChat;
}) => {
  const t = useMemo(() => createTranslator(params.language), [params.language]);
  const tokenRef = useRef<string | null>(loadVisitorToken(params.org));
  const api = useMemo(
    () => createApi({ base, language: params.language, getToken: () => tokenRef.current }),
    [base, params.language],
  );
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [settings, setSettings] = useState<WidgetSettings | null>(null);
  const [tip, setTip] = useState('');
  const [thread, setThread] = useState<Thread | null>(null);
  const [messages, setMessages] = useState<ShownMessage[]>([]);
  const [hasOlder, setHasOlder] = useState(false);
  const [isConnected, setConnected] = useState(false);
  const [isAgentTyping, setAgentTyping] = useState(false);
  const [agentReadSeq, setAgentReadSeq] = useState(0);
  const [draft, setDraft] = useState('');
  const [isEmojiOpen, setEmojiOpen] = useState(false);
  const [upload, setUpload] = useState<{ percent: number; error?: string } | null>(null);
  const [isRating, setRating] = useState(false);
  const [hasRated, setRated] = useState(false);
  /** showCollectMobile: asked once per page while the visitor has no number on file. */
  const [mobileAsk, setMobileAsk] = useState<'ask' | 'saved' | 'done'>('done');
  const chatRef = useRef<ChatSocket | null>(null);
  const threadRef = useRef<Thread | null>(null);
  const settingsRef = useRef<WidgetSettings | null>(null);
  const messagesRef = useRef<ShownMessage[]>([]);
  const listRef = useRef<HTMLDivElement>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout>>();
  const lastTypingSent = useRef(0);

  messagesRef.current = messages;
  threadRef.current = thread;
  settingsRef.current = settings;

  const merge = useCallback(
    (incoming: ShownMessage[]) => setMessages((current) => mergeMessages(current, incoming)),
    [],
  );

  const markRead = useCallback(() => {
    const current = threadRef.current;
    if (!current || document.visibilityState === 'hidden') return;
    const seq = contiguousSeq(messagesRef.current);
    if (seq > 0) chatRef.current?.read(current.tid, seq);
  }, []);

  const applyResult = useCallback(
    async (result: ThreadRequestResult) => {
      setSettings(result.settings);
      setTip(result.tip);
      if (result.code === -2) return setPhase({ kind: 'unknown' });
      if (result.code === -3) return setPhase({ kind: 'blocked' });
      if (result.code === 203 || result.code === 204) return setPhase({ kind: 'leave', tip: result.tip });
      setThread(result.thread);
      setRated(result.thread?.rated ?? false);
      setRating(false);
      if (result.thread) {
        const history = await api.history(result.thread.tid);
        setMessages(mergeMessages([], history.messages));
        setHasOlder(history.hasMore);
      }
      setPhase({ kind: 'chat' });
    },
    [api],
  );

  const start = useCallback(async () => {
    // A hand-written link without its skill group or agent: say what is missing, ask nothing.
    if (!params.wid && !params.aid) return setPhase({ kind: 'incomplete' });
    setPhase({ kind: 'loading' });
    try {
      const identity = await api.init({
        org: params.org,
        ...(tokenRef.current ? { token: tokenRef.current } : {}),
        page: params.page,
        referrer: params.referrer,
        client: params.client,
      });
      tokenRef.current = identity.token;
      saveVisitorToken(params.org, identity.token);
      if (!identity.visitor.mobile) setMobileAsk((current) => (current === 'done' ? 'ask' : current));
      if (!chatRef.current) {
        chatRef.current = connect(base, identity.token, {
          onMessage: (message) => {
            if (message.tid !== threadRef.current?.tid) return;
            merge([message]);
            if (message.sender.kind !== 'visitor') {
              setAgentTyping(false);
              markRead();
            }
            if (message.type === 'notification_invite_rate') setRating(true);
          },
          onThread: (next) => {
            if (next.tid !== threadRef.current?.tid) return;
            setThread(next);
            if (next.status === 'closed' && settingsRef.current?.forceRate && !next.rated) setRating(true);
          },
          onTyping: (tid) => {
            if (tid !== threadRef.current?.tid) return;
            setAgentTyping(true);
            clearTimeout(typingTimer.current);
            typingTimer.current = setTimeout(() => setAgentTyping(false), 5000);
          },
          onReceipt: (tid, seq, status) => {
            if (tid === threadRef.current?.tid && status === 'read')
              setAgentReadSeq((current) => Math.max(current, seq));
          },
          onConnection: (connected, isReconnect) => {
            setConnected(connected);
            const current = threadRef.current;
            if (connected && isReconnect && current && chatRef.current) {
              // Fetch what was missed while away, from the last seq held without a gap.
              void chatRef.current.sync(current.tid, contiguousSeq(messagesRef.current)).then(
                (missed) => merge(missed.messages),
                () => undefined,
              );
            }
          },
        });
      }
      // A skill group with showForm asks its pre-chat form before the thread exists.
      // An unknown group is not an error here: the thread request answers -2 and the widget says so.
      const form = params.wid
        ? await api.form(params.wid).catch((error: unknown) => {
            if (error instanceof ApiError && error.status === 404) return null;
            throw error;
          })
        : null;
      if (form?.required) return setPhase({ kind: 'form', form });
      await applyResult(await api.request(params.wid ? { wid: params.wid } : { aid: params.aid ?? '' }));
    } catch (error) {
      setPhase({ kind: 'error', reason: error instanceof Error ? error.message : String(error) });
    }
  }, [api, applyResult, base, connect, markRead, merge, params]);

  useEffect(() => {
    void start();
    return () => chatRef.current?.close();
    // Started once per page; `start` again only from the "new conversation" button.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    listRef.current?.scrollTo?.({ top: listRef.current.scrollHeight });
  }, [messages.length, isAgentTyping]);

  useEffect(() => {
    const onVisible = () => markRead();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [markRead]);

  const deliver = async (optimistic: ShownMessage, payload: Parameters<ChatSocket['send']>[0]) => {
    merge([optimistic]);
    try {
      merge([await (chatRef.current as ChatSocket).send(payload)]);
    } catch (error) {
      const reason = error instanceof SendRefused ? error.message : String(error);
      merge([{ ...optimistic, pending: 'failed', error: reason }]);
      // 403 on a send: the visitor was blocked during the chat; say so instead of offering retries.
      if (error instanceof SendRefused && error.status === 403) {
        chatRef.current?.close();
        setPhase({ kind: 'blocked' });
      }
    }
  };

  const optimisticOf = (localId: string, type: Message['type'], content: string): ShownMessage => ({
    mid: '',
    tid: thread?.tid ?? '',
    seq: Number.MAX_SAFE_INTEGER,
    type,
    content,
    imageUrl: '',
    thumbUrl: '',
    fileUrl: '',
    fileName: '',
    fileSize: 0,
    status: 'sending',
    client: 'web',
    localId,
    sender: { kind: 'visitor', id: '', nickname: '', avatar: '' },
    createdAt: Date.now(),
    pending: 'sending',
  });

  const sendText = () => {
    const content = draft.trim();
    if (!content || !thread || !chatRef.current) return;
    const localId = createLocalId();
    setDraft('');
    setEmojiOpen(false);
    void deliver(optimisticOf(localId, 'text', content), { tid: thread.tid, localId, type: 'text', content });
  };

  const retry = (message: ShownMessage) => {
    if (!thread) return;
    void deliver(
      { ...message, pending: 'sending', error: undefined },
      { tid: thread.tid, localId: message.localId, type: 'text', content: message.content },
    );
  };

  const onDraft = (value: string) => {
    setDraft(value);
    const now = Date.now();
    if (thread && chatRef.current && now - lastTypingSent.current > 1000) {
      lastTypingSent.current = now;
      chatRef.current.typing(thread.tid, value.slice(0, 500));
    }
  };

  const sendFile = async (file: File, kind: 'image' | 'file') => {
    if (!thread || !chatRef.current) return;
    setUpload({ percent: 0 });
    try {
      const attachment = await api.upload(file, kind, (percent) => setUpload({ percent }));
      setUpload(null);
      const localId = createLocalId();
      const type = attachment.mediaType.startsWith('image/') ? 'image' : 'file';
      await deliver(optimisticOf(localId, type, ''), {
        tid: thread.tid,
        localId,
        type,
        content: '',
        aid: attachment.aid,
      });
    } catch (error) {
      setUpload({ percent: 0, error: error instanceof Error ? error.message : String(error) });
    }
  };

  const endChat = async () => {
    if (!thread || !window.confirm(t('endConfirm'))) return;
    try {
      setThread(await api.close(thread.tid));
      if (settings?.forceRate && !hasRated) setRating(true);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409)) throw error;
    }
  };

  const isClosed = thread?.status === 'closed';
  const title = settings?.nickname || t('title');

  return (
    <div class="okw" lang={params.language}>
      <header class="okw-header">
        {settings?.avatar ? (
          <img class="okw-avatar" src={settings.avatar} alt="" />
        ) : (
          <span class="okw-avatar okw-avatar--blank">
            <ChatIcon />
          </span>
        )}
        <span class="okw-title">{title}</span>
        {phase.kind === 'chat' && !isClosed && (
          <button type="button" class="okw-link" data-testid="chat-end" onClick={() => void endChat()}>
            {t('endChat')}
          </button>
        )}
      </header>
      {settings?.showTopTip && settings.topTip && <div class="okw-toptip">{settings.topTip}</div>}
      {phase.kind === 'chat' && !isConnected && <div class="okw-banner">{t('reconnecting')}</div>}

      {phase.kind === 'loading' && <div class="okw-center okw-muted">{t('connecting')}</div>}
      {phase.kind === 'error' && (
        <div class="okw-center" role="alert">
          <p>{t('loadFailed', { reason: phase.reason })}</p>
          <button type="button" class="okw-button" onClick={() => void start()}>
            {t('retry')}
          </button>
        </div>
      )}
      {phase.kind === 'unknown' && (
        <div class="okw-center" role="alert">
          {t('unknownGroup')}
        </div>
      )}
      {phase.kind === 'incomplete' && (
        <div class="okw-center" role="alert" data-testid="chat-incomplete">
          {t('incompleteLink')}
        </div>
      )}
      {phase.kind === 'blocked' && (
        <div class="okw-center" role="alert" data-testid="chat-blocked">
          {t('blocked')}
        </div>
      )}
      {phase.kind === 'form' && (
        <PreChatForm
          t={t}
          form={phase.form}
          onSubmit={async (answers) =>
            applyResult(await api.request({ wid: params.wid ?? '', form: answers }))
          }
        />
      )}
      {phase.kind === 'leave' && (
        <LeaveMessageForm t={t} api={api} tip={phase.tip} settings={settings} params={params} />
      )}

      {phase.kind === 'chat' && (
        <>
          <div class="okw-messages" ref={listRef} data-testid="chat-messages" aria-live="polite">
            {hasOlder && thread && (
              <button
                type="button"
                class="okw-link okw-older"
                onClick={async () => {
                  const oldest = messages.find((message) => message.mid);
                  const page = await api.history(thread.tid, oldest?.seq);
                  merge(page.messages);
                  setHasOlder(page.hasMore);
                }}
              >
                {t('olderMessages')}
              </button>
            )}
            {tip && <div class="okw-notice">{tip}</div>}
            {messages.map((message) =>
              isNotification(message) ? (
                <div class="okw-notice" key={message.mid} data-type={message.type}>
                  {noticeText(message, t)}
                </div>
              ) : (
                <div
                  key={message.mid || message.localId}
                  class={`okw-row ${message.sender.kind === 'visitor' ? 'okw-row--mine' : ''}`}
                  data-testid="chat-message"
                >
                  {message.sender.kind !== 'visitor' && (
                    <span class="okw-sender">{message.sender.nickname}</span>
                  )}
                  <div class="okw-bubble">
                    <MessageBody message={message} t={t} />
                  </div>
                  {message.sender.kind === 'visitor' && (
                    <span class="okw-status" data-testid="chat-message-status">
                      {message.pending === 'failed' ? (
                        <>
                          {t('sendFailed', { reason: message.error ?? '' })}{' '}
                          <button type="button" class="okw-link" onClick={() => retry(message)}>
                            {t('retry')}
                          </button>
                        </>
                      ) : message.pending ? (
                        t('sending')
                      ) : message.seq <= agentReadSeq ? (
                        t('read')
                      ) : (
                        t('delivered')
                      )}
                    </span>
                  )}
                </div>
              ),
            )}
            {isAgentTyping && (
              <div class="okw-typing" data-testid="chat-typing">
                {t('typing', { name: thread?.agent?.nickname ?? title })}
              </div>
            )}
          </div>
          {thread?.status === 'queuing' && thread.queuePosition !== null && (
            <div class="okw-banner okw-banner--queue" data-testid="chat-queue">
              {t('queued', { position: thread.queuePosition })}
            </div>
          )}
          {upload && (
            <div class="okw-banner" role={upload.error ? 'alert' : 'status'}>
              {upload.error
                ? t('uploadFailed', { reason: upload.error })
                : t('uploading', { percent: upload.percent })}
              {!upload.error && <progress max={100} value={upload.percent} />}
            </div>
          )}
          {isRating && !hasRated && thread && (
            <RateForm
              t={t}
              onSkip={() => setRating(false)}
              onSubmit={async (score, note) => {
                await api.rate({ tid: thread.tid, score, note });
                setRated(true);
                setRating(false);
              }}
            />
          )}
          {hasRated && <div class="okw-notice">{t('rateThanks')}</div>}
          {settings?.showCollectMobile && !isClosed && mobileAsk === 'ask' && (
            <MobilePrompt
              t={t}
              onSkip={() => setMobileAsk('done')}
              onSave={async (mobile) => {
                await api.saveProfile({ mobile });
                setMobileAsk('saved');
              }}
            />
          )}
          {mobileAsk === 'saved' && (
            <div class="okw-notice" data-testid="mobile-saved">
              {t('mobileSaved')}
            </div>
          )}
          {isClosed ? (
            <div class="okw-closed" data-testid="chat-closed">
              <p>{t('closed')}</p>
              <button type="button" class="okw-button" onClick={() => void start()}>
                {t('newChat')}
              </button>
            </div>
          ) : (
            <footer class="okw-composer">
              {isEmojiOpen && (
                <div class="okw-emoji" role="listbox" aria-label={t('emoji')}>
                  {emojis.map((emoji) => (
                    <button
                      type="button"
                      key={emoji}
                      class="okw-emoji-item"
                      onClick={() => setDraft((current) => current + emoji)}
                    >
                      {emoji}
                    </button>
                  ))}
                </div>
              )}
              <div class="okw-tools">
                <button
                  type="button"
                  class="okw-tool"
                  aria-label={t('emoji')}
                  onClick={() => setEmojiOpen(!isEmojiOpen)}
                >
                  😊
                </button>
                <label class="okw-tool" aria-label={t('image')} title={t('image')}>
                  <ImageIcon />
                  <input
                    type="file"
                    accept="image/png,image/jpeg,image/gif,image/webp"
                    data-testid="chat-image-input"
                    hidden
                    onChange={(event) => {
                      const file = event.currentTarget.files?.[0];
                      event.currentTarget.value = '';
                      if (file) void sendFile(file, 'image');
                    }}
                  />
                </label>
                <label class="okw-tool" aria-label={t('file')} title={t('file')}>
                  <PaperclipIcon />
                  <input
                    type="file"
                    data-testid="chat-file-input"
                    hidden
                    onChange={(event) => {
                      const file = event.currentTarget.files?.[0];
                      event.currentTarget.value = '';
                      if (file) void sendFile(file, 'file');
                    }}
                  />
                </label>
              </div>
              <div class="okw-input-row">
                <textarea
                  class="okw-input"
                  rows={1}
                  data-testid="chat-input"
                  aria-label={t('placeholder')}
                  placeholder={t('placeholder')}
                  value={draft}
                  maxLength={5000}
                  onInput={(event) => onDraft(event.currentTarget.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
                      event.preventDefault();
                      sendText();
                    }
                  }}
                />
                <button
                  type="button"
                  class="okw-button"
                  data-testid="chat-send"
                  disabled={!draft.trim()}
                  onClick={sendText}
                >
                  {t('send')}
                </button>
              </div>
            </footer>
          )}
        </>
      )}
    </div>
  );
};

const RateForm = ({
  t,
  onSubmit,
  onSkip,
}: {
  t: Translate;
  onSubmit: (score: number, note: string) => Promise<void>;
  onSkip: () => void;
}) => {
  const [score, setScore] = useState(5);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  return (
    <form
      class="okw-card"
      data-testid="rate-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(score, note.trim()).catch((failure: unknown) =>
          setError(failure instanceof Error ? failure.message : String(failure)),
        );
      }}
    >
      <strong>{t('rateTitle')}</strong>
      <div class="okw-stars" role="radiogroup" aria-label={t('rateTitle')}>
        {[1, 2, 3, 4, 5].map((value) => (
          <button
            type="button"
            key={value}
            role="radio"
            aria-checked={score === value}
            aria-label={t(`rate${value}` as 'rate1')}
            title={t(`rate${value}` as 'rate1')}
            data-testid={`rate-score-${value}`}
            class={`okw-star ${value <= score ? 'okw-star--on' : ''}`}
            onClick={() => setScore(value)}
          >
            ★
          </button>
        ))}
        <span class="okw-muted">{t(`rate${score}` as 'rate1')}</span>
      </div>
      <textarea
        class="okw-input"
        placeholder={t('rateNote')}
        maxLength={500}
        value={note}
        onInput={(event) => setNote(event.currentTarget.value)}
      />
      {error && (
        <p class="okw-error" role="alert">
          {error}
        </p>
      )}
      <div class="okw-actions">
        <button type="button" class="okw-link" onClick={onSkip}>
          {t('rateSkip')}
        </button>
        <button type="submit" class="okw-button" data-testid="rate-submit">
          {t('rateSubmit')}
        </button>
      </div>
    </form>
  );
};

const LeaveMessageForm = ({
  t,
  api,
  tip,
  settings,
  params,
}: {
  t: Translate;
  api: ReturnType<typeof createApi>;
  tip: string;
  settings: WidgetSettings | null;
  params: WidgetParams;
}) => {
  const [fields, setFields] = useState<LeaveFields>({ content: '', mobile: '', email: '' });
  const [errors, setErrors] = useState<LeaveErrors>({});
  const [serverError, setServerError] = useState('');
  const [isSent, setSent] = useState(false);
  const [earlier, setEarlier] = useState<LeaveMessage[]>([]);
  const type = settings?.leaveMessageType ?? 'default';

  useEffect(() => {
    api.leaveMessages().then(setEarlier, () => setEarlier([]));
  }, [api, isSent]);

  const field = (name: keyof LeaveFields, label: string, inputType = 'text') => (
    <label class="okw-field">
      <span>{label}</span>
      <input
        class="okw-input"
        type={inputType}
        name={name}
        data-testid={`leave-${name}`}
        value={fields[name]}
        aria-invalid={Boolean(errors[name])}
        onInput={(event) => {
          const value = event.currentTarget.value;
          setFields((current) => ({ ...current, [name]: value }));
        }}
      />
      {errors[name] && <span class="okw-error">{t(errors[name] as 'leaveContentRequired')}</span>}
    </label>
  );

  return (
    <div class="okw-leave">
      <p class="okw-notice">{tip || t('leaveOffline')}</p>
      {isSent ? (
        <p class="okw-notice" data-testid="leave-sent">
          {t('leaveSent')}
        </p>
      ) : (
        <form
          class="okw-card"
          data-testid="leave-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const found = validateLeaveMessage(fields, type);
            setErrors(found);
            if (Object.keys(found).length > 0) return;
            api
              .leaveMessage({
                ...(params.wid ? { wid: params.wid } : {}),
                ...(params.aid ? { aid: params.aid } : {}),
                content: fields.content.trim(),
                mobile: fields.mobile.trim(),
                email: fields.email.trim(),
              })
              .then(
                () => setSent(true),
                (error: unknown) => setServerError(error instanceof Error ? error.message : String(error)),
              );
          }}
        >
          <strong>{t('leaveTitle')}</strong>
          <label class="okw-field">
            <span>{t('leaveContent')}</span>
            <textarea
              class="okw-input"
              data-testid="leave-content"
              maxLength={2000}
              value={fields.content}
              aria-invalid={Boolean(errors.content)}
              onInput={(event) => {
                const value = event.currentTarget.value;
                setFields((current) => ({ ...current, content: value }));
              }}
            />
            {errors.content && <span class="okw-error">{t(errors.content)}</span>}
          </label>
          {type !== 'email' && field('mobile', t('leaveMobile'), 'tel')}
          {type !== 'mobile' && field('email', t('leaveEmail'), 'email')}
          {serverError && (
            <p class="okw-error" role="alert">
              {serverError}
            </p>
          )}
          <button type="submit" class="okw-button" data-testid="leave-submit">
            {t('leaveSubmit')}
          </button>
        </form>
      )}
      {earlier.length > 0 && (
        <section class="okw-card">
          <strong>{t('leaveEarlier')}</strong>
          {earlier.map((item) => (
            <div key={item.lid} class="okw-earlier" data-testid="leave-earlier">
              <p class="okw-text">{item.content}</p>
              <p class="okw-muted">
                {t('leaveReply')}: {item.reply || t('leaveNoReply')}
              </p>
            </div>
          ))}
        </section>
      )}
    </div>
  );
};
