import type {
  Attachment,
  Customer,
  FeedbackCategory,
  FeedbackCreateBody,
  LeaveMessage,
  LeaveMessageCreateBody,
  Message,
  MessageHistory,
  Rate,
  RateSubmitBody,
  RobotLeadBody,
  RobotRateBody,
  Thread,
  ThreadRequestResult,
  Visitor,
  VisitorForm,
  VisitorHelpSearchResult,
  VisitorFeedback,
  VisitorInitResult,
  VisitorSurvey,
  VisitorTicket,
  VisitorTicketCreateBody,
  WidgetPreview,
  WidgetSettings,
} from '@openkefu/contract';
import type { SiteCommodity } from './commodity.js';

/* The widget's HTTP calls (/visitor/api/*): the envelope's data, or an Error with the server's message. */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: { field: string; message: string }[] = [],
  ) {
    super(message);
  }
}

const queryOf = (values: Record<string, string | undefined>): string =>
  new URLSearchParams(
    Object.entries(values).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();

export type Api = ReturnType<typeof createApi>;

export const createApi = (options: { base: string; language: string; getToken: () => string | null }) => {
  const call = async <T>(
    path: string,
    init: { method?: string; body?: unknown; cache?: RequestCache } = {},
  ): Promise<T> => {
    const token = options.getToken();
    let response: Response;
    try {
      response = await fetch(`${options.base}${path}`, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers: {
          'content-type': 'application/json',
          'accept-language': options.language,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        ...(init.cache ? { cache: init.cache } : {}),
      });
    } catch {
      throw new ApiError(0, 'network error');
    }
    const body = (await response.json().catch(() => null)) as {
      data?: T;
      message?: string;
      fields?: { field: string; message: string }[];
    } | null;
    if (!response.ok)
      throw new ApiError(response.status, body?.message ?? response.statusText, body?.fields ?? []);
    return body?.data as T;
  };

  return {
    init: (body: {
      org?: string;
      appKey?: string;
      token?: string;
      page: string;
      referrer: string;
      client: string;
    }) => call<VisitorInitResult>('/visitor/api/init', { body }),
    /**
     * Public and read-only: what a visitor would see now, for the console's preview. Never cached:
     * opening the preview again must show the agents' current state.
     */
    preview: (target: { org: string; wid?: string; aid?: string }) =>
      call<WidgetPreview>(`/visitor/api/preview?${queryOf(target)}`, {
        cache: 'no-store',
      }),
    request: (target: { wid?: string; aid?: string; form?: Record<string, string | string[]> }) =>
      call<ThreadRequestResult>('/visitor/api/thread/request', { body: target }),
    /** What the widget shows for the skill group, before any conversation is asked for. */
    settings: (wid: string) => call<WidgetSettings>(`/visitor/api/settings?${queryOf({ wid })}`),
    /** The visitor's open conversation (queuing or chatting), or null. */
    current: () => call<Thread | null>('/visitor/api/thread/current'),
    /** Public: the help centre's articles for a question, when the skill group offers the search. */
    helpSearch: (query: { org: string; wid: string; q: string }) =>
      call<VisitorHelpSearchResult>(`/visitor/api/help/search?${queryOf({ ...query, size: '5' })}`),
    /** The skill group's pre-chat form and whether it must be filled first. */
    form: (wid: string) => call<VisitorForm>(`/visitor/api/form?wid=${encodeURIComponent(wid)}`),
    /** A published form sent into the chat (a questionnaire card), and whether this card was answered. */
    survey: (fid: string, where: { tid: string; mid: string }) =>
      call<VisitorSurvey>(`/visitor/api/form/${encodeURIComponent(fid)}?${queryOf(where)}`, {
        cache: 'no-store',
      }),
    answerSurvey: (body: {
      fid: string;
      tid: string;
      mid: string;
      version: number;
      answers: Record<string, string | string[]>;
    }) => call<{ rid: string; thankYou: string }>('/visitor/api/form/answer', { body }),
    /** The visitor's own contact details (showCollectMobile). */
    saveProfile: (body: { mobile?: string; email?: string; nickname?: string }) =>
      call<Visitor>('/visitor/api/profile', { body }),
    history: (tid: string, beforeSeq?: number) =>
      call<MessageHistory>(
        `/visitor/api/message/history?tid=${encodeURIComponent(tid)}&size=30${beforeSeq ? `&beforeSeq=${beforeSeq}` : ''}`,
      ),
    close: (tid: string) => call<Thread>('/visitor/api/thread/close', { body: { tid } }),
    rate: (body: RateSubmitBody) => call<Rate>('/visitor/api/rate', { body }),
    /** Opens a red packet an agent gave: the message with its card stamped opened. */
    openRedPacket: (tid: string, mid: string) =>
      call<Message>('/visitor/api/message/red-packet/open', { body: { tid, mid } }),
    /** The product the visitor is looking at, pinned for the agents. */
    showCommodity: (tid: string, commodity: SiteCommodity) =>
      call<null>('/visitor/api/thread/commodity', { body: { tid, commodity } }),
    /** "Talk to a person": answered like a thread request (200 agent, 202 queue, 203/204 leave a message). */
    robotTransfer: (tid: string) =>
      call<ThreadRequestResult>('/visitor/api/robot/transfer', { body: { tid } }),
    /** "Did this help?" on a robot answer: the message with its rating (409 when already rated). */
    robotRate: (body: RobotRateBody) => call<Message | null>('/visitor/api/robot/rate', { body }),
    /** The name and mobile the robot asked for: the answered message (409 when already sent). */
    robotLead: (body: RobotLeadBody) => call<Message | null>('/visitor/api/robot/lead', { body }),
    leaveMessage: (body: LeaveMessageCreateBody) => call<LeaveMessage>('/visitor/api/leavemsg', { body }),
    leaveMessages: () => call<LeaveMessage[]>('/visitor/api/leavemsg'),
    /** The site's signed user (site-identity.ts): 403 when the signature does not check out. */
    identify: (body: { userId: string; name?: string; email?: string; mobile?: string; signature: string }) =>
      call<Customer>('/visitor/api/identify', { body }),
    sendFeedback: (body: FeedbackCreateBody) =>
      call<VisitorFeedback>('/visitor/api/feedback/create', { body }),
    /** The feedback form's categories, named in the page's language. */
    feedbackCategories: () =>
      call<{ value: FeedbackCategory; name: string }[]>('/visitor/api/feedback/categories'),
    myFeedback: () => call<VisitorFeedback[]>('/visitor/api/feedback/mine', { cache: 'no-store' }),
    leaveTicket: (body: VisitorTicketCreateBody) =>
      call<VisitorTicket>('/visitor/api/ticket/create', { body }),
    myTickets: () => call<VisitorTicket[]>('/visitor/api/ticket/mine', { cache: 'no-store' }),
    /** XHR rather than fetch: upload progress. */
    upload: (file: File, kind: 'image' | 'file', onProgress: (percent: number) => void) =>
      new Promise<Attachment>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', `${options.base}/visitor/api/upload?kind=${kind}`);
        const token = options.getToken();
        if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
        xhr.setRequestHeader('accept-language', options.language);
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
        };
        xhr.onerror = () => reject(new ApiError(0, 'network error'));
        xhr.onload = () => {
          const body = JSON.parse(xhr.responseText || 'null') as {
            data?: Attachment;
            message?: string;
          } | null;
          if (xhr.status >= 200 && xhr.status < 300 && body?.data) resolve(body.data);
          else reject(new ApiError(xhr.status, body?.message ?? xhr.statusText));
        };
        const form = new FormData();
        form.append('file', file, file.name);
        xhr.send(form);
      }),
  };
};
