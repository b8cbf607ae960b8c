import { cardAsText, channelClientOf, webhookChannelTypes, type Message } from '@openkefu/contract';
import type { FastifyBaseLogger } from 'fastify';
import { htmlToLines } from '../../lib/richtext/text.js';
import type { Storage } from '../../lib/storage/storage.js';
import type { JobRunner } from '../job/job.runner.js';
import { toMessage } from '../message/message.mapper.js';
import { selectMessages } from '../message/message.repository.js';
import type { MessageService } from '../message/message.service.js';
import { findThreadById, type ThreadRow } from '../thread/thread.repository.js';
import type { OutboundMessage } from './channel.adapter.js';
import { createAdapterContext, type ContextDeps } from './channel.context.js';
import { adapterOf } from './channel.registry.js';
import {
  claimMessageDelivery,
  findAccountById,
  findChannelUserById,
  findChannelUserOfVisitor,
  recordAccountOutcome,
  setMessageDelivery,
} from './channel.repository.js';
import { describeFailure } from './channel.service.js';

/*
 * Agents' and the robot's messages in a channel conversation go back out on the platform they came
 * from, as background jobs (DESIGN §8): retried with back-off when the platform is down or busy,
 * given up at once when it refuses for good (a closed reply window, a revoked credential). Each
 * message shows its delivery — pending, sent, failed and why — to the agents who see it.
 */

export const deliverJobKind = 'channel.deliver';
/** One first try and five retries: 30 s … 8 min apart, about a quarter of an hour in all. */
export const deliveryAttempts = 6;

/** Thread clients of channels whose replies we deliver: those with a webhook (SDK and H5 visitors read theirs). */
const deliveredClients = new Set<string>(webhookChannelTypes.map((type) => channelClientOf[type]));

const deliveredTypes = new Set([
  'text',
  'image',
  'file',
  'voice',
  'video',
  'link',
  'robot',
  'location',
  'commodity',
  'red_packet',
]);

/** A refusal that retrying cannot change; `code` is what the console translates. */
export class DeliveryRefusal extends Error {
  readonly isRetryable = false;
  constructor(readonly code: string) {
    super(code);
    this.name = 'DeliveryRefusal';
  }
}

type DeliverPayload = {
  accountId: number;
  channelUserId: number;
  /** The stored message (with its thread), or a notice's own text. */
  messageId?: number;
  threadId?: number;
  orgId: number;
  text?: string;
};

/** What the robot said, as text: its words, then its suggestions numbered. */
export const textOfRobotReply = (content: string): string => {
  try {
    const reply = JSON.parse(content) as {
      kind: string;
      text?: string;
      answer?: string;
      url?: string;
      faqs?: { question: string }[];
      related?: { question: string }[];
    };
    const lines: string[] = [];
    if (reply.text) lines.push(reply.text);
    if (reply.answer) lines.push(htmlToLines(reply.answer));
    if (reply.url) lines.push(reply.url);
    const suggestions = reply.faqs ?? reply.related ?? [];
    suggestions.forEach((faq, index) => lines.push(`${index + 1}. ${faq.question}`));
    return lines.join('\n').trim();
  } catch {
    return '';
  }
};

export const createChannelOutbound = (
  deps: ContextDeps & {
    jobs: JobRunner;
    messages: MessageService;
    storage: Storage;
    logger: FastifyBaseLogger;
  },
) => {
  const { db, jobs, messages, storage, logger, now } = deps;

  const absoluteUrl = (url: string) => (url.startsWith('/') ? `${deps.publicUrl}${url}` : url);

  const outboundOf = async (message: Message): Promise<OutboundMessage> => {
    // The mid stays the same however often the job runs: the platforms' de-duplication key.
    const id = message.mid;
    if (message.type === 'robot') return { id, kind: 'text', text: textOfRobotReply(message.content) };
    if (message.type === 'text' || message.type === 'link')
      return { id, kind: message.type, text: message.content };
    // Locations and product cards reach text-only channels as their name and address.
    if (
      (message.type === 'location' || message.type === 'commodity' || message.type === 'red_packet') &&
      message.card &&
      message.card.kind !== 'link'
    )
      return { id, kind: 'text', text: cardAsText(message.card) };
    if (!message.fileUrl) throw new DeliveryRefusal(`unsupported:${message.type}`);
    const key = message.fileUrl.slice(message.fileUrl.indexOf('/uploads/') + '/uploads/'.length);
    const attachment = await db
      .selectFrom('attachment')
      .select(['media_type', 'size'])
      .where('storage_key', '=', key)
      .executeTakeFirst();
    return {
      id,
      kind: message.type as OutboundMessage['kind'],
      text: message.content,
      media: {
        fileName: message.fileName,
        mediaType: attachment?.media_type ?? 'application/octet-stream',
        size: Number(attachment?.size ?? message.fileSize),
        url: absoluteUrl(message.fileUrl),
        read: async () => {
          const stored = await storage.get(key);
          if (!stored) throw new DeliveryRefusal('media_missing');
          const chunks: Buffer[] = [];
          for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
          return Buffer.concat(chunks);
        },
      },
    };
  };

  const loadMessage = async (messageId: number) =>
    selectMessages(db).where('message.id', '=', messageId).executeTakeFirst();

  /** Records the delivery on the message and shows it to everyone who sees the thread. */
  const showDelivery = async (
    payload: DeliverPayload,
    delivery: 'pending' | 'sent' | 'failed',
    error: string,
  ) => {
    if (payload.messageId === undefined || payload.threadId === undefined) return;
    await setMessageDelivery(db, payload.messageId, { delivery, error });
    const [row, thread] = await Promise.all([
      loadMessage(payload.messageId),
      findThreadById(db, payload.orgId, payload.threadId),
    ]);
    if (row && thread) await messages.publish(thread, toMessage(row));
  };

  /** `jobId`: the delivery job's id, the same on each of its attempts (a notice's stable id). */
  const deliver = async (payload: DeliverPayload, jobId: number) => {
    const [account, user] = await Promise.all([
      findAccountById(db, payload.accountId),
      findChannelUserById(db, payload.channelUserId),
    ]);
    const adapter = account ? adapterOf(account.type) : undefined;
    if (!account || !user || !adapter) throw new DeliveryRefusal('no_recipient');
    if (Number(account.enabled) !== 1) throw new DeliveryRefusal('disabled');
    let outgoing: OutboundMessage;
    if (payload.messageId !== undefined) {
      const row = await loadMessage(payload.messageId);
      if (!row || row.status === 'recall') return;
      outgoing = await outboundOf(toMessage(row));
    } else {
      outgoing = { id: `notice:${payload.channelUserId}:${jobId}`, kind: 'text', text: payload.text ?? '' };
    }
    if (adapter.replyWindowMs !== null && now() > Number(user.last_inbound_at) + adapter.replyWindowMs)
      throw new DeliveryRefusal(`window_closed:${Math.round(adapter.replyWindowMs / 3600_000)}`);
    const ctx = await createAdapterContext(deps, account);
    await adapter.send(
      ctx,
      { externalUserId: user.external_id, context: JSON.parse(user.context) as Record<string, string> },
      outgoing,
    );
    await recordAccountOutcome(db, Number(account.id), { at: now(), error: null, isOutbound: true });
    await showDelivery(payload, 'sent', '');
  };

  jobs.register(deliverJobKind, {
    maxAttempts: deliveryAttempts,
    run: (payload, job) => deliver(payload as DeliverPayload, job.id),
    onRetry: async (payload, error) =>
      showDelivery(payload as DeliverPayload, 'pending', describeFailure(error)),
    onGiveUp: async (raw, error) => {
      const payload = raw as DeliverPayload;
      const reason = describeFailure(error);
      if (!(error instanceof DeliveryRefusal) || error.code === 'disabled')
        await recordAccountOutcome(db, payload.accountId, {
          at: now(),
          error: reason,
          isOutbound: true,
        }).catch(() => undefined);
      await showDelivery(payload, 'failed', reason);
    },
  });

  /**
   * The message service calls this for every stored message that is not a visitor's, after its
   * commit. Only channel conversations go further; the claim on the message makes a republished
   * copy (a resend, a robot answer's rating) go out once.
   */
  const onOutgoing = (thread: ThreadRow, message: Message): void => {
    if (!deliveredClients.has(thread.client) || thread.visitor_id === null) return;
    if (!deliveredTypes.has(message.type) || message.status === 'recall') return;
    void (async () => {
      const messageId = await claimMessageDelivery(db, Number(thread.id), message.mid);
      if (messageId === null) return;
      const user = await findChannelUserOfVisitor(db, Number(thread.org_id), Number(thread.visitor_id));
      const payload: DeliverPayload = {
        accountId: Number(user?.account_id ?? 0),
        channelUserId: Number(user?.id ?? 0),
        messageId,
        threadId: Number(thread.id),
        orgId: Number(thread.org_id),
      };
      if (!user) {
        await showDelivery(payload, 'failed', 'no_recipient');
        return;
      }
      // Shown before it is queued: a quick delivery must not be overtaken by its own "pending".
      await showDelivery(payload, 'pending', '');
      await jobs.enqueue({
        kind: deliverJobKind,
        orgId: payload.orgId,
        payload,
        dedupeKey: `deliver:${messageId}`,
        serialKey: `channel-user:${payload.channelUserId}`,
      });
    })().catch((error: unknown) =>
      logger.error({ err: error, mid: message.mid }, 'channel delivery not queued'),
    );
  };

  /** A notice that is not a stored message (the out-of-hours tip). */
  const enqueueNotice = async (orgId: number, accountId: number, channelUserId: number, text: string) => {
    await jobs.enqueue({
      kind: deliverJobKind,
      orgId,
      payload: { orgId, accountId, channelUserId, text },
      serialKey: `channel-user:${channelUserId}`,
    });
  };

  return { onOutgoing, enqueueNotice };
};

export type ChannelOutbound = ReturnType<typeof createChannelOutbound>;
