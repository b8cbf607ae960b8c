import { storage } from '../../shared/storage/storage';

/**
 * The agent's alert preferences, kept in this browser (local storage, `pro__` namespace): the agent
 * workbench reads them when a conversation or message arrives, the ticket notice bell when a ticket
 * notice does. Desktop notifications additionally need the browser's permission, which lives with
 * the browser, not here.
 */
export const AGENT_NOTIFICATION_PREFS = 'AGENT_NOTIFICATION_PREFS';

export type AgentNotificationPrefs = {
  soundOnNewThread: boolean;
  soundOnNewMessage: boolean;
  /** A desktop notification for each ticket notice (assigned, mentioned, replied). */
  desktopOnTicketNotice: boolean;
};

export const defaultAgentNotificationPrefs: AgentNotificationPrefs = {
  soundOnNewThread: true,
  soundOnNewMessage: true,
  desktopOnTicketNotice: true,
};

export const readAgentNotificationPrefs = (): AgentNotificationPrefs => {
  const stored =
    storage.get<Partial<Record<keyof AgentNotificationPrefs, unknown>>>(AGENT_NOTIFICATION_PREFS);
  const pick = (key: keyof AgentNotificationPrefs) =>
    typeof stored?.[key] === 'boolean' ? (stored[key] as boolean) : defaultAgentNotificationPrefs[key];
  return {
    soundOnNewThread: pick('soundOnNewThread'),
    soundOnNewMessage: pick('soundOnNewMessage'),
    desktopOnTicketNotice: pick('desktopOnTicketNotice'),
  };
};

export const writeAgentNotificationPrefs = (prefs: AgentNotificationPrefs): void => {
  storage.set(AGENT_NOTIFICATION_PREFS, prefs);
};

export type DesktopPermission = NotificationPermission | 'unsupported';

export const readDesktopPermission = (): DesktopPermission =>
  typeof window === 'undefined' || typeof window.Notification === 'undefined'
    ? 'unsupported'
    : window.Notification.permission;
