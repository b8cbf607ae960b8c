import {
  isOnlineStatus,
  type Envelope,
  type Message,
  type MessageHistory,
  type Offer,
  type Page,
  type Thread,
  type ThreadCloseBody,
  type ThreadListKind,
  type ThreadTransferBody,
  type Transfer,
  type TransferTarget,
  type User,
  type UserBrief,
  type UserSettings,
  type Visitor,
  type WorkgroupBrief,
} from '@openkefu/contract';
import { http, isHttpError } from '../../shared/api/http';

/* The workbench's HTTP calls (chat-api.md "Agent HTTP"); messages themselves go over the socket. */

/** GET /api/thread/visitor — the visitor's profile and earlier conversations. */
export type VisitorProfile = { visitor: Visitor; threads: Thread[] };

/** Lists are short-lived working sets: one generous page, kept live by the socket. */
export const LIST_PAGE_SIZE = 100;
export const HISTORY_PAGE_SIZE = 30;

export const fetchThreadList = async (kind: ThreadListKind): Promise<Page<Thread>> =>
  (
    await http.get<Envelope<Page<Thread>>>('/api/thread/mine', {
      params: { kind, page: 0, size: LIST_PAGE_SIZE },
    })
  ).data;

export const fetchThread = async (tid: string): Promise<Thread> =>
  (await http.get<Envelope<Thread>>('/api/thread/get', { params: { tid }, silent: true })).data;

export const fetchHistory = async (query: {
  tid: string;
  beforeSeq?: number;
  afterSeq?: number;
  size?: number;
}): Promise<MessageHistory> =>
  (
    await http.get<Envelope<MessageHistory>>('/api/message/history', {
      params: { size: HISTORY_PAGE_SIZE, ...query },
    })
  ).data;

export const acceptThread = async (tid: string): Promise<Thread> =>
  (await http.post<Envelope<Thread>>('/api/thread/accept', { tid })).data;

export const closeThread = async (body: ThreadCloseBody): Promise<Thread> =>
  (await http.post<Envelope<Thread>>('/api/thread/close', body)).data;

export const transferThread = async (body: ThreadTransferBody): Promise<Transfer> =>
  (await http.post<Envelope<Transfer>>('/api/thread/transfer', body)).data;

export const inviteColleague = async (tid: string, uid: string): Promise<Transfer> =>
  (await http.post<Envelope<Transfer>>('/api/thread/invite', { tid, uid })).data;

export const respondToOffer = async (offer: Offer, accept: boolean): Promise<Thread | null> =>
  (
    await http.post<Envelope<Thread | null>>(
      offer.kind === 'invite' ? '/api/thread/invite/respond' : '/api/thread/transfer/respond',
      { id: offer.transfer.id, accept },
    )
  ).data;

export const fetchOffers = async (): Promise<Offer[]> =>
  (await http.get<Envelope<Offer[]>>('/api/thread/offers')).data;

export const inviteRating = async (tid: string): Promise<Message> =>
  (await http.post<Envelope<Message>>('/api/thread/rate/invite', { tid })).data;

export const fetchVisitorProfile = async (vid: string): Promise<VisitorProfile> =>
  (await http.get<Envelope<VisitorProfile>>('/api/thread/visitor', { params: { vid } })).data;

export const saveVisitorNote = async (vid: string, note: string): Promise<Visitor> =>
  (await http.post<Envelope<Visitor>>('/api/visitor/note', { vid, note })).data;

/** The agent's own account: status and auto-reply as the server keeps them (they survive a reload). */
export const fetchMe = async (): Promise<User> => (await http.get<Envelope<User>>('/api/user/me')).data;

export const fetchSettings = async (): Promise<UserSettings> =>
  (await http.get<Envelope<UserSettings>>('/api/user/settings')).data;

const isForbidden = (error: unknown): boolean => isHttpError(error) && error.status === 403;

/**
 * Colleagues to transfer to or invite: the online agents (`/api/user/all/online`, which needs the
 * account-list permission); agents without it pick from their online contacts instead.
 */
export const fetchOnlineColleagues = async (me: string): Promise<UserBrief[]> => {
  let people: UserBrief[];
  try {
    people = (
      await http.get<Envelope<Page<User>>>('/api/user/all/online', {
        params: { page: 0, size: LIST_PAGE_SIZE },
        silent: true,
      })
    ).data.content;
  } catch (error) {
    if (!isForbidden(error)) throw error;
    people = (
      await http.get<Envelope<Page<UserBrief>>>('/api/user/contacts', {
        params: { page: 0, size: LIST_PAGE_SIZE },
      })
    ).data.content;
  }
  return people.filter(
    (person) => person.uid !== me && !person.robot && person.enabled && isOnlineStatus(person.status),
  );
};

/**
 * Colleagues the conversation can be transferred to, with how many conversations each is chatting
 * in now and their limit (`maxThreadCount`, 0 = none): one at the limit cannot accept.
 */
export const fetchTransferTargets = async (tid: string): Promise<TransferTarget[]> =>
  (await http.get<Envelope<TransferTarget[]>>('/api/thread/transfer/targets', { params: { tid } })).data;

/** Whether an agent with this load may take one more conversation. */
export const isAtLimit = ({ load, maxThreadCount }: { load: number; maxThreadCount: number }): boolean =>
  maxThreadCount > 0 && load >= maxThreadCount;

/** Skill groups to transfer to: all of the organisation's, or (without that permission) the agent's own. */
export const fetchTransferGroups = async (fallback: WorkgroupBrief[]): Promise<WorkgroupBrief[]> => {
  try {
    const groups = (await http.get<Envelope<WorkgroupBrief[]>>('/api/workgroup/all', { silent: true })).data;
    return groups.map(({ wid, nickname }) => ({ wid, nickname }));
  } catch (error) {
    if (!isForbidden(error)) throw error;
    return fallback;
  }
};

/**
 * POST /api/message/redeliver — queue a reply whose channel delivery failed once more (409 when it
 * has not failed). The answer is not used: the server pushes the new attempt (pending, then sent or
 * failed) over the socket.
 */
export const redeliverMessage = async (tid: string, mid: string): Promise<void> => {
  await http.post<Envelope<Message>>('/api/message/redeliver', { tid, mid });
};
