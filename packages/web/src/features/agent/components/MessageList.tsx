import { Fragment, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button, Empty, Result, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { UserSettings } from '@openkefu/contract';
import { WORKBENCH_NS } from '../i18n';
import type { ChatMessage, ConversationState } from '../state/messages';
import { MessageItem } from './MessageItem';

/** Scrolling this close to the top loads the previous page. */
const LOAD_OLDER_THRESHOLD_PX = 48;
/** Within this of the bottom, new messages keep the view pinned to the bottom. */
const STICK_TO_BOTTOM_PX = 80;

// Our optimistic row and its stored copy share the localId, so React keeps one element for both.
const keyOf = (message: ChatMessage | undefined): string =>
  message ? `${message.sender.kind}:${message.localId || message.mid}` : '';

/** The user's notice switches (spec §3): connect and disconnect lines can be turned off. */
const isShown = (message: ChatMessage, settings: UserSettings | undefined): boolean => {
  if (message.type === 'notification_connect') return settings?.connected ?? true;
  if (message.type === 'notification_disconnect') return settings?.disconnected ?? true;
  // Typing previews and receipts are signals, not lines of the conversation.
  return message.type !== 'notification_preview' && message.type !== 'notification_receipt';
};

export type MessageListProps = {
  state: ConversationState;
  meUid: string;
  /** `Thread.client`: where agents' messages are delivered in a channel conversation. */
  threadClient: string;
  settings: UserSettings | undefined;
  onLoadOlder: () => void;
  onReload: () => void;
  onResend: (localId: string) => void;
  onRecall: (mid: string) => void;
  onRedeliver: (mid: string) => void;
};

export const MessageList = ({
  state,
  meUid,
  threadClient,
  settings,
  onLoadOlder,
  onReload,
  onResend,
  onRecall,
  onRedeliver,
}: MessageListProps) => {
  const { t } = useTranslation(WORKBENCH_NS);
  const scrollRef = useRef<HTMLDivElement>(null);
  const memory = useRef({ firstKey: '', lastKey: '', height: 0, top: 0, isNearBottom: true });
  const [now, setNow] = useState(() => Date.now());
  const messages = state.messages.filter((message) => isShown(message, settings));

  // Keeps "Recall" offers honest as the two-minute window passes.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const firstKey = keyOf(messages[0]);
    const last = messages[messages.length - 1];
    const lastKey = keyOf(last);
    const previous = memory.current;
    if (previous.firstKey !== '' && firstKey !== previous.firstKey && lastKey === previous.lastKey) {
      // Older messages were put above: keep the ones being read where they were.
      element.scrollTop = element.scrollHeight - previous.height + previous.top;
    } else if (lastKey !== previous.lastKey) {
      const isMineNew = last !== undefined && last.sender.kind === 'agent' && last.sender.id === meUid;
      if (previous.isNearBottom || isMineNew || previous.lastKey === '')
        element.scrollTop = element.scrollHeight;
    }
    memory.current = {
      firstKey,
      lastKey,
      height: element.scrollHeight,
      top: element.scrollTop,
      isNearBottom: element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX,
    };
  });

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    memory.current.top = element.scrollTop;
    memory.current.height = element.scrollHeight;
    memory.current.isNearBottom =
      element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX;
    if (element.scrollTop < LOAD_OLDER_THRESHOLD_PX && state.hasMore && !state.isLoadingOlder) onLoadOlder();
  };

  if (state.phase === 'error') {
    return (
      <div className="ok-wb-messages ok-wb-messages--center">
        <Result
          status="warning"
          title={t('messages.loadFailed')}
          extra={<Button onClick={onReload}>{t('messages.retry')}</Button>}
        />
      </div>
    );
  }

  return (
    <div
      className="ok-wb-messages"
      ref={scrollRef}
      onScroll={onScroll}
      data-testid="message-list"
      role="log"
      aria-live="polite"
      aria-busy={state.phase === 'loading'}
    >
      {state.phase === 'loading' && messages.length === 0 ? (
        <div className="ok-wb-messages__spin">
          <Spin />
        </div>
      ) : (
        <>
          <div className="ok-wb-messages__top">
            {state.hasMore ? (
              <Button type="link" size="small" loading={state.isLoadingOlder} onClick={onLoadOlder}>
                {state.isLoadingOlder ? t('messages.loadingOlder') : t('messages.loadOlder')}
              </Button>
            ) : messages.length > 0 ? (
              <Typography.Text type="secondary">{t('messages.beginning')}</Typography.Text>
            ) : null}
          </div>
          {messages.length === 0 && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages.empty')} />
          )}
          {messages.map((message, index) => {
            const day = dayjs(message.createdAt);
            const previous = messages[index - 1];
            const isNewDay = !previous || !day.isSame(previous.createdAt, 'day');
            return (
              <Fragment key={keyOf(message)}>
                {isNewDay && (
                  <div className="ok-wb-day" role="separator">
                    <span>{day.isSame(now, 'day') ? t('messages.today') : day.format('YYYY-MM-DD')}</span>
                  </div>
                )}
                <MessageItem
                  message={message}
                  meUid={meUid}
                  threadClient={threadClient}
                  now={now}
                  onResend={onResend}
                  onRecall={onRecall}
                  onRedeliver={onRedeliver}
                />
              </Fragment>
            );
          })}
        </>
      )}
    </div>
  );
};
