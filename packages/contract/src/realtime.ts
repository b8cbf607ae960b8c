import { z } from 'zod';
import { rechargeOrderEventSchema } from './billing.js';
import {
  callEndSchema,
  callRefSchema,
  callRingSchema,
  callSchema,
  callSignalPushSchema,
  callSignalSchema,
  callStartSchema,
} from './call.js';
import { fieldErrorSchema } from './envelope.js';
import { noticePushSchema } from './platform-admin.js';
import { autoReplyPresetSchema, userStatusSchema } from './enums.js';
import {
  messageHistorySchema,
  messageRecallSchema,
  messageSchema,
  messageSendSchema,
  senderKindSchema,
} from './message.js';
import { threadSchema, transferSchema } from './thread.js';
import { ticketNoticeSchema } from './ticket.js';
import { userBriefSchema } from './user.js';

/*
 * Socket.IO events at /socket.io/ (issue 4, DESIGN §4). Conversations are started, closed,
 * transferred and rated through HTTP (/visitor/api/*, /api/thread/*); the socket carries messages,
 * receipts, typing and every push. Each event's payload is validated with these schemas on receipt.
 */

/** Handshake `auth`: an agent's bearer access token, or a visitor's token from /visitor/api/init. */
export const socketAuthSchema = z.object({
  kind: z.enum(['agent', 'visitor']),
  token: z.string().min(1).max(512),
});
export type SocketAuth = z.infer<typeof socketAuthSchema>;

/** Every acknowledgement: ok with data, or the HTTP-like status and a message in the socket's language. */
export const ackErrorSchema = z.object({
  ok: z.literal(false),
  status: z.number().int(),
  message: z.string(),
  fields: z.array(fieldErrorSchema).optional(),
});
export type AckError = z.infer<typeof ackErrorSchema>;
export const ackSchema = <T extends z.ZodType>(data: T) =>
  z.union([z.object({ ok: z.literal(true), data }), ackErrorSchema]);
export type Ack<T> = { ok: true; data: T } | AckError;

export const receiptSchema = z.object({
  tid: z.string().trim().min(1).max(64),
  /** Everything up to this seq. */
  seq: z.number().int().min(0),
  status: z.enum(['received', 'read']),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const typingSchema = z.object({
  tid: z.string().trim().min(1).max(64),
  /** What the visitor is typing (shown to agents whose `preview` setting is on); agents send ''. */
  preview: z.string().max(500).default(''),
});

export const agentStatusChangeSchema = z.object({
  status: userStatusSchema,
  autoReplyType: autoReplyPresetSchema.optional(),
  autoReplyContent: z.string().max(500).optional(),
});
export type AgentStatusChange = z.infer<typeof agentStatusChangeSchema>;

export const watchSchema = z.object({ tid: z.string().trim().min(1).max(64) });

export const syncSchema = z.object({
  tid: z.string().trim().min(1).max(64),
  afterSeq: z.number().int().min(0),
});

/** Events a client emits, with the payload schema and the ack's data schema. */
export const clientEvents = {
  'message:send': { payload: messageSendSchema, ack: messageSchema },
  'message:sync': { payload: syncSchema, ack: messageHistorySchema },
  'message:receipt': { payload: receiptSchema, ack: z.null() },
  'message:recall': { payload: messageRecallSchema, ack: messageSchema },
  typing: { payload: typingSchema, ack: z.null() },
  /** Agents only. */
  'agent:status': { payload: agentStatusChangeSchema, ack: userBriefSchema },
  /** Agents only: follow a live thread read-only (supervisors) or stop. */
  'thread:watch': { payload: watchSchema, ack: messageHistorySchema },
  'thread:unwatch': { payload: watchSchema, ack: z.null() },
  /** Calls (issue 21): the thread's visitor or its assigned agent rings the other. */
  'call:start': { payload: callStartSchema, ack: callSchema },
  'call:accept': { payload: callRefSchema, ack: callSchema },
  'call:reject': { payload: callRefSchema, ack: z.null() },
  'call:hangup': { payload: callRefSchema, ack: z.null() },
  /** An offer, answer or ICE candidate for the other party. */
  'call:signal': { payload: callSignalSchema, ack: z.null() },
} as const;
export type ClientEventName = keyof typeof clientEvents;
export type ClientEventPayload<E extends ClientEventName> = z.input<(typeof clientEvents)[E]['payload']>;
export type ClientEventAck<E extends ClientEventName> = Ack<z.infer<(typeof clientEvents)[E]['ack']>>;

export const offerSchema = z.object({
  kind: z.enum(['transfer', 'invite']),
  transfer: transferSchema,
  thread: threadSchema,
});
export type Offer = z.infer<typeof offerSchema>;

export const receiptPushSchema = receiptSchema.extend({ by: senderKindSchema });
export const typingPushSchema = z.object({ tid: z.string(), preview: z.string(), by: senderKindSchema });
export const presencePushSchema = z.object({ uid: z.string(), status: userStatusSchema });
export const queuePushSchema = z.object({
  /** Queued threads of the agent's skill groups, for workbench badges. */
  waiting: z.number().int(),
});

/** Events the server pushes. */
export const serverEvents = {
  /** A new or changed (recalled) message of a thread the client takes part in or watches. */
  message: messageSchema,
  receipt: receiptPushSchema,
  typing: typingPushSchema,
  /** A thread's state changed: assigned, queued position, transferred, closed, rated. */
  'thread:update': threadSchema,
  /** Agents: how many wait in their skill groups' queues. */
  'queue:update': queuePushSchema,
  /** Agents: a colleague's status changed. */
  presence: presencePushSchema,
  /** Agents: a transfer or invitation waiting for an answer. */
  offer: offerSchema,
  /**
   * Visitors: a large-model robot's answer as it is written (`delta` appended in `index` order);
   * the stored `robot` message (kind generated) replaces it when it is done.
   */
  'robot:stream': z.object({
    tid: z.string(),
    streamId: z.string(),
    index: z.number().int(),
    delta: z.string(),
  }),
  /** Agents: a ticket was assigned to them, mentioned them or got a reply (bell and desktop notice). */
  'ticket:notice': ticketNoticeSchema,
  /** The server ends the session (agent disabled or signed out elsewhere). */
  'session:end': z.object({ reason: z.string() }),
  /** Console users of the organisation: platform staff sent a notice (the bell counts it). */
  'notice:new': noticePushSchema,
  /** Consoles of the organisation: a recharge order changed state (the QR code page turns to paid). */
  'recharge:update': rechargeOrderEventSchema,
  /** The callee: a call is ringing. */
  'call:ring': callRingSchema,
  /** The caller: the callee answered (the caller sends the offer next). */
  'call:accepted': callSchema,
  /** The other party's offer, answer or ICE candidate. */
  'call:signal': callSignalPushSchema,
  /** Both parties: the call ended (also when it was never answered). */
  'call:end': callEndSchema,
} as const;
export type ServerEventName = keyof typeof serverEvents;

/**
 * The console's own Socket.IO namespace (same `/socket.io/` path): every signed-in console page
 * gets the pushes below without being an agent (no presence, no chat rooms, no client events), so
 * the bells and the recharge page need no polling while it is connected.
 */
export const consoleNamespace = '/console';
/** Handshake `auth` of a console socket: the console's access token. */
export const consoleSocketAuthSchema = z.object({ token: z.string().min(1).max(512) });
export type ConsoleSocketAuth = z.infer<typeof consoleSocketAuthSchema>;
/** The pushes a console socket receives, in the same rooms (organisation, user) as agent sockets. */
export const consoleEventNames = ['notice:new', 'ticket:notice', 'recharge:update', 'session:end'] as const;
export type ConsoleEventName = (typeof consoleEventNames)[number];
export type ServerEventPayload<E extends ServerEventName> = z.infer<(typeof serverEvents)[E]>;

/** Limits per connection (DESIGN §4); the server enforces them, clients may use them to pace. */
export const realtimeLimits = {
  /** Socket.IO maxHttpBufferSize: larger frames are dropped with the connection. */
  maxPayloadBytes: 64 * 1024,
  /** Events per visitor connection per second (token bucket, bursts of twice that). */
  visitorEventsPerSecond: 20,
  /** Agents resync every open conversation after a reconnect, so they get more room. */
  agentEventsPerSecond: 100,
} as const;
