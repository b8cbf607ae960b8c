import type { VisitorFeedback, VisitorTicket } from '@openkefu/contract';
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { Api } from '../api.js';
import {
  latestFeedbackReply,
  latestTicketReply,
  loadSeenMarks,
  saveSeenMarks,
  unreadFeedbackOf,
  unreadTicketsOf,
  type SeenMarks,
} from '../support.js';

/** The views the header's support menu opens over the chat. */
export type SupportPanel = 'feedback' | 'myFeedback' | 'ticket' | 'myTickets';

type Lists = { feedback: VisitorFeedback[] | null; tickets: VisitorTicket[] | null; error: string };

/**
 * The visitor's feedback and tickets, loaded once the visitor token is held (`isReady`) and again
 * on demand; replies newer than the last look make the unread badge.
 */
export const useSupport = ({
  api,
  scope,
  isReady,
}: {
  api: Api;
  /** Whose visitor this is (visitorScopeOf): the seen marks are kept per visitor token. */
  scope: string;
  isReady: boolean;
}) => {
  const [lists, setLists] = useState<Lists>({ feedback: null, tickets: null, error: '' });
  const [seen, setSeen] = useState<SeenMarks>(() => loadSeenMarks(scope));

  const refresh = useCallback(async () => {
    const [feedback, tickets] = await Promise.allSettled([api.myFeedback(), api.myTickets()]);
    const failure = [feedback, tickets].find((result) => result.status === 'rejected');
    setLists({
      feedback: feedback.status === 'fulfilled' ? feedback.value : [],
      tickets: tickets.status === 'fulfilled' ? tickets.value : [],
      error: failure ? String((failure.reason as Error | undefined)?.message ?? failure.reason) : '',
    });
  }, [api]);

  useEffect(() => {
    if (isReady) void refresh();
  }, [isReady, refresh]);

  const mark = (key: keyof SeenMarks, at: number) =>
    setSeen((current) => {
      if (at <= current[key]) return current;
      const next = { ...current, [key]: at };
      saveSeenMarks(scope, next);
      return next;
    });

  return {
    feedback: lists.feedback,
    tickets: lists.tickets,
    loadError: lists.error,
    unread: {
      feedback: unreadFeedbackOf(lists.feedback ?? [], seen.feedback),
      tickets: unreadTicketsOf(lists.tickets ?? [], seen.tickets),
    },
    refresh,
    /** The visitor looked at the list: what it shows now is no longer new. */
    markFeedbackSeen: () => mark('feedback', latestFeedbackReply(lists.feedback ?? [])),
    markTicketsSeen: () => mark('tickets', latestTicketReply(lists.tickets ?? [])),
  };
};

export type SupportController = ReturnType<typeof useSupport>;
