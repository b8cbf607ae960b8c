import { useState } from 'react';
import { Alert, Avatar, Button, Space, Tag, Tooltip, Typography } from 'antd';
import {
  ArrowLeftOutlined,
  CloseCircleOutlined,
  IdcardOutlined,
  LoginOutlined,
  StarOutlined,
  SwapOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Profile, Thread, ThreadStatus, UserSettings } from '@openkefu/contract';
import { isHttpError } from '../../../shared/api/http';
import { notify } from '../../../shared/feedback/notify';
import { inviteRating } from '../api';
import { WORKBENCH_NS } from '../i18n';
import { useConversation } from '../hooks/useConversation';
import { useRealtime } from '../realtime/RealtimeProvider';
import { Composer } from './Composer';
import { PinnedCommodity } from '../commodity/PinnedCommodity';
import { CreateTicketButton } from './CreateTicketButton';
import { MessageList } from './MessageList';
import { ReplyWindowNotice } from './ReplyWindowNotice';
import { CloseModal, InviteModal, TransferModal } from './ThreadModals';

const statusColor: Record<ThreadStatus, string> = {
  robot: 'purple',
  queuing: 'orange',
  chatting: 'green',
  offline: 'default',
  closed: 'default',
};

export type ConversationPaneProps = {
  thread: Thread;
  me: Profile;
  /** Assigned to me or invited: may reply and act on the thread. */
  isParticipant: boolean;
  settings: UserSettings | undefined;
  isAccepting: boolean;
  isProfileOpen: boolean;
  onAccept: (tid: string) => void;
  onToggleProfile: () => void;
  onRead: (tid: string) => void;
  /** Phones: back from the conversation to the lists. */
  onBack: () => void;
};

/** The middle column: the conversation's header and actions, its messages and the composer. */
export const ConversationPane = ({
  thread,
  me,
  isParticipant,
  settings,
  isAccepting,
  isProfileOpen,
  onAccept,
  onToggleProfile,
  onRead,
  onBack,
}: ConversationPaneProps) => {
  const { t } = useTranslation(WORKBENCH_NS);
  const { connection } = useRealtime();
  const conversation = useConversation({
    tid: thread.tid,
    me,
    isParticipant,
    showTypingPreview: settings?.preview ?? true,
    onRead,
  });
  const [modal, setModal] = useState<'transfer' | 'invite' | 'close' | null>(null);
  const rate = useMutation({
    mutationFn: () => inviteRating(thread.tid),
    onSuccess: (message) => {
      conversation.addMessages([message]);
      notify.success({ title: t('thread.rateInvited') });
    },
    onError: (error) => {
      if (!(isHttpError(error) && (error.status === 401 || error.status === 403)))
        notify.error({ title: error.message });
    },
  });

  const name = thread.visitor.nickname || thread.visitor.vid;
  const canAct = isParticipant && thread.status === 'chatting';
  const typing = conversation.state.typing;
  const colleague = thread.agent && thread.agent.uid !== me.uid ? thread.agent : null;

  return (
    <section className="ok-wb-conversation" aria-label={name} data-testid="conversation">
      <header className="ok-wb-conversation__head">
        <Button
          type="text"
          className="ok-wb-conversation__back"
          icon={<ArrowLeftOutlined />}
          aria-label={t('thread.actions.back')}
          onClick={onBack}
          data-testid="thread-back"
        />
        <Avatar src={thread.visitor.avatar || undefined} size={40}>
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <div className="ok-wb-conversation__who">
          <Typography.Title level={5} className="ok-wb-conversation__name" ellipsis>
            {name}
          </Typography.Title>
          <Space size={4} wrap>
            <Tag color={statusColor[thread.status]}>{t(`thread.statuses.${thread.status}`)}</Tag>
            <Tag>{t(`clients.${thread.visitor.client}`)}</Tag>
            {thread.workgroup && <Tag>{thread.workgroup.nickname}</Tag>}
            {colleague && (
              <Typography.Text type="secondary">
                {t('list.agentOf', { name: colleague.nickname })}
              </Typography.Text>
            )}
          </Space>
        </div>
        <Space className="ok-wb-conversation__actions" wrap size={4}>
          {thread.status === 'queuing' && (
            <Button
              type="primary"
              icon={<LoginOutlined />}
              loading={isAccepting}
              onClick={() => onAccept(thread.tid)}
              data-testid="thread-accept"
            >
              {t('thread.actions.accept')}
            </Button>
          )}
          {canAct && (
            <>
              <Button
                icon={<SwapOutlined />}
                onClick={() => setModal('transfer')}
                data-testid="thread-transfer"
              >
                {t('thread.actions.transfer')}
              </Button>
              <Button
                icon={<UserAddOutlined />}
                onClick={() => setModal('invite')}
                data-testid="thread-invite"
              >
                {t('thread.actions.invite')}
              </Button>
              <Tooltip title={thread.rated ? t('thread.alreadyRated') : undefined}>
                <Button
                  icon={<StarOutlined />}
                  disabled={thread.rated}
                  loading={rate.isPending}
                  onClick={() => rate.mutate()}
                  data-testid="thread-invite-rate"
                >
                  {t('thread.actions.inviteRate')}
                </Button>
              </Tooltip>
              <Button
                danger
                icon={<CloseCircleOutlined />}
                onClick={() => setModal('close')}
                data-testid="thread-close"
              >
                {t('thread.actions.close')}
              </Button>
            </>
          )}
          <CreateTicketButton key={thread.tid} thread={thread} />
          <Tooltip title={t('thread.actions.profile')}>
            <Button
              type={isProfileOpen ? 'primary' : 'default'}
              ghost={isProfileOpen}
              icon={<IdcardOutlined />}
              aria-label={t('thread.actions.profile')}
              aria-pressed={isProfileOpen}
              onClick={onToggleProfile}
              data-testid="thread-profile"
            />
          </Tooltip>
        </Space>
      </header>

      <PinnedCommodity reported={thread.commodity} messages={conversation.state.messages} />

      <MessageList
        state={conversation.state}
        meUid={me.uid}
        threadClient={thread.client}
        settings={settings}
        onLoadOlder={conversation.loadOlder}
        onReload={conversation.reload}
        onResend={conversation.resend}
        onRecall={conversation.recall}
        onRedeliver={conversation.redeliver}
      />

      <div className="ok-wb-typing" aria-live="polite" data-testid="typing">
        {typing &&
          (typing.preview ? t('messages.typingPreview', { preview: typing.preview }) : t('messages.typing'))}
      </div>

      {thread.status !== 'closed' && (
        <ReplyWindowNotice replyUntil={thread.replyUntil} client={thread.client} />
      )}

      {canAct ? (
        <Composer
          key={thread.tid}
          draftKey={thread.tid}
          tid={thread.tid}
          isConnected={connection === 'connected'}
          onSend={conversation.sendText}
          onFile={conversation.sendFile}
          onCommodity={conversation.sendCommodity}
          onRedPacket={conversation.sendRedPacket}
          onTyping={conversation.signalTyping}
        />
      ) : (
        <Alert
          className="ok-wb-conversation__hint"
          type={thread.status === 'queuing' ? 'warning' : 'info'}
          showIcon
          title={
            thread.status === 'queuing'
              ? t('thread.queuingHint')
              : thread.status === 'closed'
                ? t('thread.closedHint')
                : thread.status === 'offline'
                  ? t('thread.offlineHint')
                  : t('thread.watching')
          }
        />
      )}

      <TransferModal thread={thread} isOpen={modal === 'transfer'} onClose={() => setModal(null)} />
      <InviteModal thread={thread} me={me} isOpen={modal === 'invite'} onClose={() => setModal(null)} />
      <CloseModal thread={thread} me={me} isOpen={modal === 'close'} onClose={() => setModal(null)} />
    </section>
  );
};
