import { useState } from 'react';
import { Avatar, Badge, Button, Input, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  autoReplyPresetSchema,
  type AgentStatusChange,
  type AutoReplyPreset,
  type User,
  type UserStatus,
} from '@openkefu/contract';
import { notify } from '../../../shared/feedback/notify';
import { WORKBENCH_NS } from '../i18n';
import { useRealtime } from '../realtime/RealtimeProvider';
import { agentStatusChoices, useChangeStatus, useMe } from '../hooks/useWorkbenchData';

type BadgeStatus = 'success' | 'error' | 'warning' | 'default' | 'processing';

export const badgeOfStatus = (status: UserStatus): BadgeStatus => {
  if (status === 'online') return 'success';
  if (status === 'busy') return 'error';
  if (status === 'offline' || status === 'logout' || status === 'sign_out' || status === 'disconnected')
    return 'default';
  return 'warning';
};

const AUTO_REPLY_MAX = 500;

/**
 * The agent's status and auto-reply preset (spec §3), sent as `agent:status`. A custom auto-reply
 * is sent when its text is saved; everything else as soon as it is picked.
 */
export const StatusSwitcher = () => {
  const { t } = useTranslation(WORKBENCH_NS);
  const { connection } = useRealtime();
  const { data: user } = useMe();
  const change = useChangeStatus();
  // A custom preset being written: not sent until saved.
  const [draft, setDraft] = useState<string | null>(null);
  const [draftError, setDraftError] = useState('');

  const apply = (user: User, update: Partial<AgentStatusChange>) => {
    const next: AgentStatusChange = {
      status: update.status ?? user.status,
      autoReplyType: update.autoReplyType ?? user.autoReplyType,
      autoReplyContent: update.autoReplyContent ?? user.autoReplyContent,
    };
    change.mutate(next, {
      onSuccess: () => setDraft(null),
      onError: (error) => notify.error({ title: t('status.failed'), description: error.message }),
    });
  };

  const isDisabled = !user || connection !== 'connected' || change.isPending;
  // Until the server has said (profile loaded, socket up for the first time) a guess would flash
  // "Offline" after every reload; say "Connecting…" instead.
  const isConnecting = !user || connection === 'connecting';
  const status = user?.status ?? 'offline';
  const statusOptions = (agentStatusChoices as readonly UserStatus[]).includes(status)
    ? agentStatusChoices
    : [status, ...agentStatusChoices];
  const shownPreset: AutoReplyPreset | undefined = draft !== null ? 'custom' : user?.autoReplyType;

  const saveDraft = () => {
    if (!user || draft === null) return;
    const text = draft.trim();
    if (text === '') {
      setDraftError(t('status.customRequired'));
      return;
    }
    setDraftError('');
    apply(user, { autoReplyType: 'custom', autoReplyContent: text });
  };

  return (
    <div className="ok-wb-status" data-testid="agent-status">
      <div className="ok-wb-status__who">
        <Badge status={isConnecting ? 'processing' : badgeOfStatus(status)} offset={[-4, 28]} dot>
          <Avatar src={user?.avatar || undefined} size={36}>
            {(user?.nickname ?? '?').slice(0, 1).toUpperCase()}
          </Avatar>
        </Badge>
        <div className="ok-wb-status__name">
          <Typography.Text strong ellipsis>
            {user?.nickname ?? ''}
          </Typography.Text>
          {isConnecting ? (
            <span className="ok-wb-status__connecting" data-testid="agent-status-connecting" role="status">
              <Badge status="processing" text={t('status.connecting')} />
            </span>
          ) : (
            <Select<UserStatus>
              size="small"
              variant="borderless"
              aria-label={t('status.label')}
              data-testid="agent-status-select"
              value={status}
              disabled={isDisabled}
              popupMatchSelectWidth={false}
              onChange={(value) => user && apply(user, { status: value })}
              options={statusOptions.map((value) => ({
                value,
                label: <Badge status={badgeOfStatus(value)} text={t(`status.values.${value}`)} />,
              }))}
            />
          )}
        </div>
      </div>
      <div className="ok-wb-status__reply">
        <Typography.Text type="secondary" className="ok-wb-status__label">
          {t('status.autoReply')}
        </Typography.Text>
        <Select<AutoReplyPreset>
          size="small"
          aria-label={t('status.autoReply')}
          data-testid="agent-auto-reply-select"
          value={shownPreset}
          disabled={isDisabled}
          popupMatchSelectWidth={false}
          style={{ flex: 1, minWidth: 0 }}
          onChange={(value) => {
            if (!user) return;
            if (value === 'custom') {
              setDraft(user.autoReplyType === 'custom' ? user.autoReplyContent : '');
              setDraftError('');
              return;
            }
            setDraft(null);
            apply(user, { autoReplyType: value, autoReplyContent: '' });
          }}
          options={autoReplyPresetSchema.options.map((value) => ({
            value,
            label: t(`status.autoReplies.${value}`),
          }))}
        />
      </div>
      {user?.autoReplyType === 'custom' && draft === null && user.autoReplyContent !== '' && (
        <Typography.Paragraph
          type="secondary"
          className="ok-wb-status__custom"
          ellipsis={{ rows: 2, tooltip: user.autoReplyContent }}
          onClick={() => setDraft(user.autoReplyContent)}
        >
          {user.autoReplyContent}
        </Typography.Paragraph>
      )}
      {draft !== null && (
        <Space.Compact block className="ok-wb-status__draft">
          <Input
            size="small"
            aria-label={t('status.customText')}
            placeholder={t('status.customPlaceholder')}
            maxLength={AUTO_REPLY_MAX}
            value={draft}
            status={draftError ? 'error' : undefined}
            onChange={(event) => setDraft(event.target.value)}
            onPressEnter={saveDraft}
          />
          <Button size="small" type="primary" onClick={saveDraft} disabled={isDisabled}>
            {t('status.save')}
          </Button>
        </Space.Compact>
      )}
      {draftError && (
        <Typography.Text type="danger" className="ok-wb-status__error" role="alert">
          {draftError}
        </Typography.Text>
      )}
      {!isConnecting && status !== 'online' && (
        <Typography.Text type="secondary" className="ok-wb-status__hint">
          {t('status.routingHint')}
        </Typography.Text>
      )}
    </div>
  );
};
