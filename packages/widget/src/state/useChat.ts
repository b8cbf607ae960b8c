import type { Commodity, LocationInput, Message, MessageSend } from '@openkefu/contract';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'preact/hooks';
import { ApiError, createApi, type Api } from '../api.js';
import type { WidgetLanguage } from '../i18n.js';
import { loadVisitorToken, saveVisitorToken, visitorScopeOf } from '../identity.js';
import { connectChat, SendRefused, type ChatSocket } from '../realtime.js';
import type { SiteCommodity } from '../commodity.js';
import { identifySiteUser, type SiteIdentity } from '../site-identity.js';
import { chatReducer, initialChat, receiptToSendOf, resyncAfterOf, type ChatState } from './chat.js';
import { createLocalId, type ShownMessage } from './messages.js';

/** The send payload of a location or product (the card's own `kind` is not part of it). */
const cardPayloadOf = (
  tid: string,
  localId: string,
  card: { kind: 'location'; location: LocationInput } | { kind: 'commodity'; commodity: Commodity },
): MessageSend =>
  card.kind === 'location'
    ? {
        tid,
        localId,
        type: 'location',
        location: {
          latitude: card.location.latitude,
          longitude: card.location.longitude,
          name: card.location.name ?? '',
          address: card.location.address ?? '',
        },
      }
    : {
        tid,
        localId,
        type: 'commodity',
        commodity: {
          title: card.commodity.title,
          price: card.commodity.price,
          image: card.commodity.image,
          url: card.commodity.url,
        },
      };

export type WidgetParams = {
  org: string;
  /** An SDK channel's app key (App, uni-app, Flutter, WeChat link), beside or in place of `org`. */
  appKey?: string | null;
  wid: string | null;
  aid: string | null;
  language: WidgetLanguage;
  /** The customer's page that opened the chat, and where that page came from. */
  page: string;
  referrer: string;
  client: string;
  /** The console's embed-code preview: show, create nothing (see PreviewView). */
  isPreview?: boolean;
  /** The site's signed-in user from the embed code (site-identity.ts), sent once a token is held. */
  identity?: SiteIdentity | null;
  /** The product the visitor was looking at (commodity.ts): offered to send with one click. */
  commodity?: SiteCommodity | null;
  /** Code style 5 (`call=video`): the chat opens with the video call offered first. */
  featuredCall?: boolean;
};

/**
 * How long a gap in `seq` may stay open before the page asks for the missing messages: pushes
 * from another server node arrive through Redis a little later than the node's own.
 */
export const gapGraceMs = 400;
const typingShownMs = 5000;

const isPageVisible = () => document.visibilityState !== 'hidden';

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The organisation and skill group the chat is with: from the address, else from the app key's channel. */
export type ChatTarget = { org: string; wid: string | null };

/**
 * The live chat: identifies the visitor, asks for a conversation, keeps the socket, and performs
 * what the state asks for (resyncs, receipts). Every decision about the log is the reducer's.
 */
export const useChat = ({
  params,
  base,
  connect,
}: {
  params: WidgetParams;
  base: string;
  connect: typeof connectChat;
}) => {
  const [state, dispatch] = useReducer(chatReducer, initialChat);
  const scope = visitorScopeOf(params);
  const tokenRef = useRef<string | null>(loadVisitorToken(scope));
  // Known once init answers when the address has only an app key; a ref for the calls that follow it.
  const [target, setTarget] = useState<ChatTarget>({ org: params.org, wid: params.wid });
  const targetRef = useRef(target);
  const api: Api = useMemo(
    () => createApi({ base, language: params.language, getToken: () => tokenRef.current }),
    [base, params.language],
  );
  const chatRef = useRef<ChatSocket | null>(null);
  const stateRef = useRef<ChatState>(state);
  stateRef.current = state;
  const typingTimer = useRef<ReturnType<typeof setTimeout>>();
  const lastTypingSent = useRef(0);
  /** What each message still on its way was sent as (a retry sends the same: voice, file, card or text). */
  const unsent = useRef(new Map<string, Parameters<ChatSocket['send']>[0]>());

  const merge = useCallback((messages: ShownMessage[]) => dispatch({ type: 'messages', messages }), []);

  const applyResult = useCallback(
    async (result: Awaited<ReturnType<Api['request']>>) => {
      dispatch({ type: 'requested', result });
      // 203/204 show the leave-message form: the thread's log is not shown (nor asked for).
      if (result.thread && result.code !== 203 && result.code !== 204) {
        const tid = result.thread.tid;
        dispatch({ type: 'history', tid, history: await api.history(tid) });
      }
    },
    [api],
  );

  const openSocket = useCallback(
    (token: string) => {
      chatRef.current = connect(base, token, {
        onMessage: (message) => dispatch({ type: 'messages', messages: [message] }),
        onThread: (thread) => dispatch({ type: 'thread', thread }),
        onTyping: (tid) => {
          dispatch({ type: 'typing', tid, isTyping: true });
          clearTimeout(typingTimer.current);
          typingTimer.current = setTimeout(
            () => dispatch({ type: 'typing', tid, isTyping: false }),
            typingShownMs,
          );
        },
        onReceipt: (tid, seq, status) => dispatch({ type: 'receipt', tid, seq, status }),
        onRobotStream: (payload) => dispatch({ type: 'robotStream', ...payload }),
        onConnection: (isConnected, isReconnect) =>
          dispatch({ type: 'connection', isConnected, isReconnect }),
      });
    },
    [base, connect],
  );

  /** After identification (and the help-centre search, if offered): the pre-chat form or the thread. */
  const proceed = useCallback(async () => {
    // A skill group with showForm asks its pre-chat form before the thread exists.
    // An unknown group is not an error here: the thread request answers -2 and the widget says so.
    const { wid } = targetRef.current;
    const form = wid
      ? await api.form(wid).catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        })
      : null;
    if (form?.required) return dispatch({ type: 'phase', phase: { kind: 'form', form } });
    await applyResult(await api.request(wid ? { wid } : { aid: params.aid ?? '' }));
  }, [api, applyResult, params.aid]);

  const hasSentIdentity = useRef(false);

  // The help-centre search is offered once per page, before the first conversation only.
  const hasOfferedHelp = useRef(false);

  /** helpCenterSearch on and no conversation open: the search comes first. Never blocks the chat. */
  const shouldOfferHelp = useCallback(async (): Promise<boolean> => {
    const { wid } = targetRef.current;
    if (!wid || hasOfferedHelp.current) return false;
    hasOfferedHelp.current = true;
    const settings = await api.settings(wid).catch(() => null);
    if (!settings?.helpCenterSearch) return false;
    dispatch({ type: 'settings', settings });
    return (await api.current().catch(() => null)) === null;
  }, [api]);

  const start = useCallback(async () => {
    // A hand-written link without its skill group or agent: say what is missing, ask nothing. An app
    // key's channel may name the skill group itself.
    if (!params.wid && !params.aid && !params.appKey)
      return dispatch({ type: 'phase', phase: { kind: 'incomplete' } });
    dispatch({ type: 'loading' });
    try {
      const identity = await api.init({
        ...(params.appKey ? { appKey: params.appKey } : {}),
        ...(params.org || !params.appKey ? { org: params.org } : {}),
        ...(tokenRef.current ? { token: tokenRef.current } : {}),
        page: params.page,
        referrer: params.referrer,
        client: params.client,
      });
      tokenRef.current = identity.token;
      saveVisitorToken(scope, identity.token);
      targetRef.current = {
        org: params.org || identity.organization.subDomain,
        wid: params.wid || identity.channel?.wid || null,
      };
      setTarget(targetRef.current);
      if (!targetRef.current.wid && !params.aid)
        return dispatch({ type: 'phase', phase: { kind: 'incomplete' } });
      // Once per page, in the background: a refused signature leaves the visitor anonymous.
      if (params.identity && !hasSentIdentity.current) {
        hasSentIdentity.current = true;
        void identifySiteUser(api.identify, params.identity);
      }
      dispatch({ type: 'identified', hasMobile: Boolean(identity.visitor.mobile) });
      if (!chatRef.current) openSocket(identity.token);
      if (await shouldOfferHelp()) return dispatch({ type: 'phase', phase: { kind: 'help' } });
      await proceed();
    } catch (error) {
      dispatch({ type: 'phase', phase: { kind: 'error', reason: reasonOf(error) } });
    }
  }, [api, openSocket, params, proceed, scope, shouldOfferHelp]);

  /** "None of these? Start the chat" after the help-centre search. */
  const startAfterHelp = useCallback(async () => {
    dispatch({ type: 'loading' });
    try {
      await proceed();
    } catch (error) {
      dispatch({ type: 'phase', phase: { kind: 'error', reason: reasonOf(error) } });
    }
  }, [proceed]);

  useEffect(() => {
    void start();
    return () => {
      chatRef.current?.close();
      clearTimeout(typingTimer.current);
    };
    // Started once per page; `start` again only from the "new conversation" button.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A gap in seq (or a reconnect): ask for what is missing after the last seq held without one.
  const resyncAfter = resyncAfterOf(state);
  useEffect(() => {
    if (resyncAfter === null) return;
    const timer = setTimeout(
      () => {
        const current = stateRef.current;
        const afterSeq = resyncAfterOf(current);
        const tid = current.thread?.tid;
        const chat = chatRef.current;
        // Filled meanwhile (the late push arrived), or gone: nothing to ask.
        if (afterSeq === null || !tid || !chat) return;
        dispatch({ type: 'syncStarted', tid, afterSeq });
        chat.sync(tid, afterSeq).then(
          (history) => dispatch({ type: 'synced', tid, afterSeq, history }),
          () => dispatch({ type: 'syncFailed', tid, afterSeq }),
        );
      },
      state.needsCatchUp ? 0 : gapGraceMs,
    );
    return () => clearTimeout(timer);
    // Not keyed on knownSeq: a stream of later pushes must not keep postponing the ask.
  }, [resyncAfter, state.needsCatchUp]);

  // Receipts for the agent's messages: received on arrival, read once the page is visible.
  const report = useCallback(() => {
    const receipt = receiptToSendOf(stateRef.current, isPageVisible());
    if (!receipt || !chatRef.current) return;
    chatRef.current.receipt(receipt.tid, receipt.seq, receipt.status);
    dispatch({ type: 'reported', ...receipt });
  }, []);
  const pendingReceipt = receiptToSendOf(state, isPageVisible());
  const receiptKey = pendingReceipt ? `${pendingReceipt.status}:${pendingReceipt.seq}` : '';
  useEffect(() => {
    if (receiptKey) report();
  }, [receiptKey, report]);
  useEffect(() => {
    document.addEventListener('visibilitychange', report);
    return () => document.removeEventListener('visibilitychange', report);
  }, [report]);

  const deliver = async (optimistic: ShownMessage, payload: Parameters<ChatSocket['send']>[0]) => {
    merge([optimistic]);
    const chat = chatRef.current;
    if (!chat) return;
    unsent.current.set(payload.localId, payload);
    try {
      merge([await chat.send(payload)]);
      unsent.current.delete(payload.localId);
    } catch (error) {
      merge([{ ...optimistic, pending: 'failed', error: reasonOf(error) }]);
      // 403 on a send: the visitor was blocked during the chat; say so instead of offering retries.
      if (error instanceof SendRefused && error.status === 403) {
        chat.close();
        dispatch({ type: 'phase', phase: { kind: 'blocked' } });
      }
    }
  };

  const optimisticOf = (
    tid: string,
    localId: string,
    type: Message['type'],
    content: string,
  ): ShownMessage => ({
    mid: '',
    tid,
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

  const thread = state.thread;

  // The product this page shows, pinned for the agents once per conversation (a failure tries again later).
  const reportedCommodity = useRef('');
  const commodityKey =
    thread && params.commodity && !params.isPreview
      ? `${thread.tid} ${JSON.stringify(params.commodity)}`
      : '';
  useEffect(() => {
    const commodity = params.commodity;
    if (!commodityKey || !thread || !commodity || reportedCommodity.current === commodityKey) return;
    reportedCommodity.current = commodityKey;
    api.showCommodity(thread.tid, commodity).catch(() => {
      reportedCommodity.current = '';
    });
    // Keyed on the conversation and the product only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [commodityKey]);

  return {
    state,
    api,
    target,
    /** The socket while it is connected (calls signal over it), else null. */
    socket: () => (chatRef.current?.socket.connected === true ? chatRef.current.socket : null),
    start,
    startAfterHelp,
    sendText: (content: string) => {
      if (!thread || !chatRef.current) return false;
      const localId = createLocalId();
      void deliver(optimisticOf(thread.tid, localId, 'text', content), {
        tid: thread.tid,
        localId,
        type: 'text',
        content,
      });
      return true;
    },
    /** A location or product, shown at once with its card (the stored copy replaces it). */
    sendCard: (
      card: { kind: 'location'; location: LocationInput } | { kind: 'commodity'; commodity: Commodity },
    ) => {
      if (!thread || !chatRef.current) return;
      const localId = createLocalId();
      const payload = cardPayloadOf(thread.tid, localId, card);
      void deliver(
        {
          ...optimisticOf(thread.tid, localId, card.kind, ''),
          card:
            card.kind === 'location'
              ? { kind: 'location', name: '', address: '', ...card.location }
              : { kind: 'commodity', ...card.commodity },
        },
        payload,
      );
    },
    retry: (message: ShownMessage) => {
      if (!thread) return;
      void deliver(
        { ...message, pending: 'sending', error: undefined },
        unsent.current.get(message.localId) ?? {
          tid: thread.tid,
          localId: message.localId,
          type: 'text',
          content: message.content,
        },
      );
    },
    typing: (value: string) => {
      const now = Date.now();
      if (thread && chatRef.current && now - lastTypingSent.current > 1000) {
        lastTypingSent.current = now;
        chatRef.current.typing(thread.tid, value.slice(0, 500));
      }
    },
    /** A recorded voice note: uploaded as a file, sent as a voice message. */
    sendVoice: async (file: File) => {
      if (!thread || !chatRef.current) return;
      dispatch({ type: 'upload', upload: { percent: 0 } });
      try {
        const attachment = await api.upload(file, 'file', (percent) =>
          dispatch({ type: 'upload', upload: { percent } }),
        );
        dispatch({ type: 'upload', upload: null });
        const localId = createLocalId();
        await deliver(optimisticOf(thread.tid, localId, 'voice', ''), {
          tid: thread.tid,
          localId,
          type: 'voice',
          content: '',
          aid: attachment.aid,
        });
      } catch (error) {
        dispatch({ type: 'upload', upload: { percent: 0, error: reasonOf(error) } });
      }
    },
    sendFile: async (file: File, kind: 'image' | 'file') => {
      if (!thread || !chatRef.current) return;
      dispatch({ type: 'upload', upload: { percent: 0 } });
      try {
        const attachment = await api.upload(file, kind, (percent) =>
          dispatch({ type: 'upload', upload: { percent } }),
        );
        dispatch({ type: 'upload', upload: null });
        const localId = createLocalId();
        const type = attachment.mediaType.startsWith('image/') ? 'image' : 'file';
        await deliver(optimisticOf(thread.tid, localId, type, ''), {
          tid: thread.tid,
          localId,
          type,
          content: '',
          aid: attachment.aid,
        });
      } catch (error) {
        dispatch({ type: 'upload', upload: { percent: 0, error: reasonOf(error) } });
      }
    },
    /** Opens a red packet; the stored copy (with what it holds) replaces the shown one. */
    openRedPacket: async (mid: string) => {
      if (!thread) return;
      merge([await api.openRedPacket(thread.tid, mid)]);
    },
    endChat: async () => {
      if (!thread) return;
      try {
        dispatch({ type: 'closed', thread: await api.close(thread.tid) });
      } catch (error) {
        // Already closed by the agent meanwhile: the push says so.
        if (!(error instanceof ApiError && error.status === 409)) throw error;
      }
    },
    loadOlder: async () => {
      if (!thread) return;
      const oldest = state.messages.find((message) => message.mid);
      dispatch({ type: 'older', tid: thread.tid, history: await api.history(thread.tid, oldest?.seq) });
    },
    rate: async (score: number, note: string) => {
      if (!thread) return;
      await api.rate({ tid: thread.tid, score, note });
      dispatch({ type: 'rated', at: Date.now() });
    },
    skipRating: () => dispatch({ type: 'rating', isOpen: false }),
    saveMobile: async (mobile: string) => {
      await api.saveProfile({ mobile });
      dispatch({ type: 'mobileAsk', value: 'saved' });
    },
    skipMobile: () => dispatch({ type: 'mobileAsk', value: 'done' }),
    /** "Talk to a person" (the header button or a transfer quick button) while the robot answers. */
    transferToAgent: async () => {
      if (!thread || thread.status !== 'robot' || stateRef.current.isTransferring) return;
      dispatch({ type: 'transferStarted' });
      try {
        await applyResult(await api.robotTransfer(thread.tid));
      } catch (error) {
        // 409: a transfer keyword handed it over meanwhile; the thread's push shows where it went.
        const isMoot = error instanceof ApiError && error.status === 409;
        dispatch({ type: 'transferFailed', reason: isMoot ? '' : reasonOf(error) });
      }
    },
    /** "Did this help?" on the robot's answer `mid`: shown at once, once per answer. */
    rateAnswer: async (mid: string, isHelpful: boolean) => {
      if (!thread) return;
      dispatch({ type: 'robotRate', mid, rating: isHelpful ? 'helpful' : 'useless' });
      try {
        const message = await api.robotRate({ tid: thread.tid, mid, helpful: isHelpful });
        if (message) merge([message]);
      } catch (error) {
        // 409: rated already (another tab); the stored rating arrives with the message's push.
        if (!(error instanceof ApiError && error.status === 409))
          dispatch({ type: 'robotRateFailed', mid, reason: reasonOf(error) });
      }
    },
    /** The robot's lead capture: name and mobile; rejects with the reason to show under the form. */
    sendLead: async (mid: string, name: string, mobile: string) => {
      if (!thread) return;
      try {
        const message = await api.robotLead({ tid: thread.tid, mid, name, mobile });
        if (message) merge([message]);
      } catch (error) {
        // 409: sent already (another tab); the answered message arrives with its push.
        if (error instanceof ApiError && error.status === 409) return;
        throw new Error(reasonOf(error));
      }
    },
    submitForm: async (answers: Record<string, string | string[]>) =>
      applyResult(await api.request({ wid: targetRef.current.wid ?? '', form: answers })),
  };
};

export type ChatController = ReturnType<typeof useChat>;
