import { z } from 'zod';
import { pageQuerySchema } from './envelope.js';
import { clientSchema, messageStatusSchema, messageTypeSchema } from './enums.js';
import {
  commodityInputSchema,
  locationInputSchema,
  messageCardSchema,
  redPacketInputSchema,
} from './message-card.js';

/* Chat messages (issue 4). Stored before acknowledgement or fan-out; `seq` orders them per thread. */

export const senderKindSchema = z.enum(['visitor', 'agent', 'robot', 'system']);
export type SenderKind = z.infer<typeof senderKindSchema>;

export const messageSenderSchema = z.object({
  kind: senderKindSchema,
  /** uid of an agent or robot, vid of a visitor, '' for the system. */
  id: z.string(),
  nickname: z.string(),
  avatar: z.string(),
});
export type MessageSender = z.infer<typeof messageSenderSchema>;

export const messageSchema = z.object({
  mid: z.string(),
  tid: z.string(),
  seq: z.number().int(),
  type: messageTypeSchema,
  /** Plain text (never HTML); for media, an optional caption. Notifications carry their text here. */
  content: z.string(),
  imageUrl: z.string(),
  /** Thumbnail of an image, '' when none. */
  thumbUrl: z.string(),
  fileUrl: z.string(),
  fileName: z.string(),
  fileSize: z.number().int(),
  status: messageStatusSchema,
  client: clientSchema,
  /** The sender's own id for the message, echoed so it can match its optimistic copy. */
  localId: z.string(),
  sender: messageSenderSchema,
  createdAt: z.number(),
  /**
   * How an agent's (or the robot's) message fared on its way out to the visitor's channel — WeChat,
   * LINE… (issue 19): pending while being sent or retried, then sent or failed with the reason.
   * Absent where nothing is delivered (the widget reads its messages itself).
   */
  delivery: z.object({ state: z.enum(['pending', 'sent', 'failed']), error: z.string() }).optional(),
  /**
   * A link's preview (added by the server after it fetched the page: the message is pushed again
   * with it), the location shared, or the product sent (issue 21). Absent when none.
   */
  card: messageCardSchema.optional(),
});
export type Message = z.infer<typeof messageSchema>;
export type DeliveryState = NonNullable<Message['delivery']>['state'];

/** Types a visitor or agent may send; notifications are the server's own. */
export const sendableMessageTypeSchema = z.enum([
  'text',
  'image',
  'file',
  'voice',
  'video',
  'link',
  'location',
  'commodity',
  /** Agents only. */
  'red_packet',
]);
export type SendableMessageType = z.infer<typeof sendableMessageTypeSchema>;

export const messageMaxTextLength = 5000;
/** Recall is allowed this long after sending. */
export const messageRecallWindowMs = 2 * 60 * 1000;

const storedUrlSchema = z.string().trim().max(2000);

export const messageSendSchema = z
  .object({
    tid: z.string().trim().min(1).max(64),
    /** Client-chosen id, unique per sender and thread: a resend after a lost ack is not stored twice. */
    localId: z.string().trim().min(1).max(64),
    type: sendableMessageTypeSchema,
    content: z.string().max(messageMaxTextLength).default(''),
    /** For image/file/voice/video: the attachment id returned by an upload. */
    aid: z.string().trim().max(64).optional(),
    url: storedUrlSchema.optional(),
    /** For type location: the point shared. */
    location: locationInputSchema.optional(),
    /** For type commodity: the product sent. */
    commodity: commodityInputSchema.optional(),
    /** For type red_packet (agents): the coupon given. */
    redPacket: redPacketInputSchema.optional(),
  })
  .refine((body) => body.type !== 'text' || body.content.trim().length > 0, {
    message: 'must not be empty',
    path: ['content'],
  })
  .refine(
    (body) =>
      body.type === 'text' ||
      body.type === 'link' ||
      body.type === 'location' ||
      body.type === 'commodity' ||
      body.type === 'red_packet' ||
      Boolean(body.aid),
    { message: 'Required for media messages', path: ['aid'] },
  )
  .refine((body) => body.type !== 'location' || body.location !== undefined, {
    message: 'Required for a location',
    path: ['location'],
  })
  .refine((body) => body.type !== 'commodity' || body.commodity !== undefined, {
    message: 'Required for a product',
    path: ['commodity'],
  })
  .refine((body) => body.type !== 'red_packet' || body.redPacket !== undefined, {
    message: 'Required for a red packet',
    path: ['redPacket'],
  });
export type MessageSend = z.input<typeof messageSendSchema>;

/** POST /visitor/api/message/red-packet/open — the customer opens a red packet an agent gave. */
export const redPacketOpenBodySchema = z.object({
  tid: z.string().trim().min(1).max(64),
  mid: z.string().trim().min(1).max(64),
});
export type RedPacketOpenBody = z.infer<typeof redPacketOpenBodySchema>;

/** History paging: newest first before `beforeSeq`, or everything after `afterSeq` (resync). */
export const messageHistoryQuerySchema = z.object({
  tid: z.string().trim().min(1).max(64),
  afterSeq: z.coerce.number().int().min(0).optional(),
  beforeSeq: z.coerce.number().int().min(1).optional(),
  size: z.coerce.number().int().min(1).max(200).default(50),
});
export type MessageHistoryQuery = z.infer<typeof messageHistoryQuerySchema>;

/** Messages in ascending seq; `hasMore` says another page exists in the asked direction. */
export const messageHistorySchema = z.object({ messages: z.array(messageSchema), hasMore: z.boolean() });
export type MessageHistory = z.infer<typeof messageHistorySchema>;

export const messageRecallSchema = z.object({
  tid: z.string().trim().min(1).max(64),
  mid: z.string().trim().min(1).max(64),
});

/** GET /api/message/query — message search across threads (kefu → message). */
export const messageQuerySchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  type: messageTypeSchema.optional(),
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
  tid: z.string().trim().max(64).optional(),
  client: z.string().max(32).optional(),
});
export type MessageQuery = z.infer<typeof messageQuerySchema>;

/** Human text for a message in lists ("[image]" for an image…), never HTML. */
export const messagePreviewKinds = ['image', 'file', 'voice', 'video', 'link'] as const;
