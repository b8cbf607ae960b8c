import { useEffect, useRef, useState } from 'preact/hooks';
import type { Translate, WordKey } from '../i18n.js';
import type { SupportPanel } from '../state/useSupport.js';

/**
 * The header's "More" menu (as in Intercom's and Zendesk's messengers): feedback, the visitor's
 * feedback, and — when the skill group offers it — tickets. The badge counts unseen replies.
 */
export const SupportMenu = ({
  t,
  canTicket,
  hasTickets,
  unread,
  onOpen,
}: {
  t: Translate;
  canTicket: boolean;
  /** Tickets left earlier stay listed after the group turned the switch off. */
  hasTickets: boolean;
  unread: { feedback: number; tickets: number };
  onOpen: (panel: SupportPanel) => void;
}) => {
  const [isOpen, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const total = unread.feedback + unread.tickets;

  useEffect(() => {
    if (!isOpen) return;
    const close = (event: Event) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !rootRef.current?.contains(event.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [isOpen]);

  const item = (panel: SupportPanel, label: WordKey, count = 0) => (
    <li role="none">
      <button
        type="button"
        role="menuitem"
        class="okw-menu-item"
        data-testid={`support-menu-${panel}`}
        onClick={() => {
          setOpen(false);
          onOpen(panel);
        }}
      >
        {t(label)}
        {count > 0 && (
          <span class="okw-badge" aria-label={t('supportUnread', { count })}>
            {count}
          </span>
        )}
      </button>
    </li>
  );

  return (
    <div class="okw-menu" ref={rootRef}>
      <button
        type="button"
        class="okw-link okw-menu-button"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        data-testid="support-menu"
        onClick={() => setOpen(!isOpen)}
      >
        {t('supportMenu')}
        {total > 0 && (
          <span
            class="okw-badge"
            data-testid="support-badge"
            aria-label={t('supportUnread', { count: total })}
          >
            {total}
          </span>
        )}
      </button>
      {isOpen && (
        <ul class="okw-menu-list" role="menu">
          {item('feedback', 'feedbackTitle')}
          {item('myFeedback', 'myFeedbackTitle', unread.feedback)}
          {canTicket && item('ticket', 'ticketTitleView')}
          {(canTicket || hasTickets) && item('myTickets', 'myTicketsTitle', unread.tickets)}
        </ul>
      )}
    </div>
  );
};
