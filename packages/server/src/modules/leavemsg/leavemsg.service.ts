import {
  leaveMessageCreateBodySchema,
  toPage,
  type Language,
  type LeaveMessage,
  type LeaveMessageCreateBody,
  type LeaveMessageQuery,
  type Page,
} from '@openkefu/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { translate } from '../../http/i18n.js';
// Its own keys: loaded even where the app (and src/messages.ts) is not.
import './leavemsg.messages.js';
import { createPublicId } from '../../lib/ids.js';
import type { RateLimiter } from '../../lib/limiter.js';
import type { Principal } from '../auth/auth.service.js';
import type { Mailer } from '../auth/mailer.js';
import { findOrganizationById } from '../organization/organization.repository.js';
import { formatTime } from '../records/records.export.js';
import type { VisitorPrincipal } from '../visitor/visitor.guard.js';
import { toLeaveMessage } from './leavemsg.mapper.js';
import {
  closeLeaveMessage,
  findLeaveMessageByLid,
  findLeaveMessageTarget,
  insertLeaveMessage,
  listLeaveMessagesOfVisitor,
  markLeaveMessageRead,
  pageLeaveMessages,
  saveLeaveMessageReply,
  setLeaveMessageEmailed,
  type LeaveMessageRow,
} from './leavemsg.repository.js';

export type LeaveMessageService = ReturnType<typeof createLeaveMessageService>;

/** A visitor may leave this many messages per hour: enough for anyone, not for a flood. */
export const leaveMessageHourlyLimit = 10;
/** The widget lists at most this many of the visitor's own messages. */
const visitorListLimit = 50;

export const createLeaveMessageService = (deps: {
  db: Executor;
  limiter: RateLimiter;
  /** null when mail is off (EMAIL_PROVIDER=none): replies are only shown in the widget. */
  mailer: Mailer | null;
  logger: FastifyBaseLogger;
  /** A channel visitor (WeChat, WhatsApp…) gets the reply on its platform; false for others. */
  sendToChannel?: (orgId: number, visitorId: number, text: string) => Promise<boolean>;
  now?: () => number;
}) => {
  const { db, limiter, mailer, logger } = deps;
  const now = deps.now ?? Date.now;

  const load = async (orgId: number, lid: string): Promise<LeaveMessageRow> => {
    const row = await findLeaveMessageByLid(db, orgId, lid);
    if (!row) throw AppError.notFound('leavemsg.notFound', { lid });
    return row;
  };

  const reload = async (orgId: number, lid: string): Promise<LeaveMessage> =>
    toLeaveMessage(await load(orgId, lid));

  /** POST /visitor/api/leavemsg — the contact asked for depends on the skill group's leaveMessageType. */
  const create = async (visitor: VisitorPrincipal, input: LeaveMessageCreateBody): Promise<LeaveMessage> => {
    const body = leaveMessageCreateBodySchema.parse(input);
    const { group, agent } = await findLeaveMessageTarget(db, visitor.orgId, body);
    if ((body.wid && !group) || (body.aid && !agent))
      throw AppError.notFound('leavemsg.unknownTarget', { target: body.wid ?? body.aid ?? '' });
    const type = group?.leave_message_type ?? 'default';
    if (type === 'mobile' && !body.mobile)
      throw AppError.badRequest('leavemsg.mobileRequired', {
        fields: [{ field: 'mobile', message: 'is required' }],
      });
    if (type === 'email' && !body.email)
      throw AppError.badRequest('leavemsg.emailRequired', {
        fields: [{ field: 'email', message: 'is required' }],
      });
    if (type === 'default' && !body.mobile && !body.email)
      throw AppError.badRequest('leavemsg.contactRequired', {
        fields: [
          { field: 'mobile', message: 'give a mobile number or an email address' },
          { field: 'email', message: 'give a mobile number or an email address' },
        ],
      });
    const limit = await limiter.hit(`leavemsg:${visitor.orgId}:${visitor.visitorId}`, 3600);
    if (limit.count > leaveMessageHourlyLimit)
      throw AppError.rateLimited(limit.retryAfter, 'leavemsg.tooMany');
    const lid = createPublicId();
    await insertLeaveMessage(db, {
      lid,
      orgId: visitor.orgId,
      visitorId: visitor.visitorId,
      workgroupId: group ? Number(group.id) : null,
      agentId: agent ? Number(agent.id) : null,
      content: body.content,
      mobile: body.mobile,
      email: body.email,
      now: now(),
    });
    return reload(visitor.orgId, lid);
  };

  const listOfVisitor = async (visitor: VisitorPrincipal): Promise<LeaveMessage[]> =>
    (await listLeaveMessagesOfVisitor(db, visitor.orgId, visitor.visitorId, visitorListLimit)).map(
      toLeaveMessage,
    );

  const page = async (principal: Principal, query: LeaveMessageQuery): Promise<Page<LeaveMessage>> => {
    const { rows, total, isTotalCapped } = await pageLeaveMessages(db, principal.orgId, query, query);
    return toPage(rows.map(toLeaveMessage), total, query, { isTotalCapped });
  };

  const markRead = async (principal: Principal, lid: string): Promise<LeaveMessage> => {
    const row = await load(principal.orgId, lid);
    await markLeaveMessageRead(db, principal.orgId, row.id, now());
    return reload(principal.orgId, lid);
  };

  const sendReplyMail = async (row: LeaveMessageRow, reply: string, language: Language): Promise<boolean> => {
    if (!mailer || !row.email) return false;
    const organization = await findOrganizationById(db, row.org_id);
    try {
      return await mailer({
        to: row.email,
        subject: translate('leavemsg.mail.subject', language, { organization: organization?.name ?? '' }),
        text: translate('leavemsg.mail.body', language, {
          reply,
          content: row.content,
          date: `${formatTime(Number(row.created_at), 'UTC')} UTC`,
        }),
      });
    } catch (error) {
      // The reply is stored and shown in the widget either way; the console sees `emailed: false`.
      logger.error({ err: error, lid: row.lid }, 'leave message reply: mail not sent');
      return false;
    }
  };

  /** Stores the reply (shown in the widget) and, when the visitor left an email address, mails it. */
  const reply = async (
    principal: Principal,
    input: { lid: string; reply: string },
    language: Language,
  ): Promise<LeaveMessage> => {
    const row = await load(principal.orgId, input.lid);
    if (row.status === 'closed') throw AppError.conflict('leavemsg.closed', { params: { lid: input.lid } });
    await saveLeaveMessageReply(db, principal.orgId, row.id, {
      reply: input.reply,
      userId: principal.userId,
      now: now(),
    });
    if (await sendReplyMail(row, input.reply, language))
      await setLeaveMessageEmailed(db, principal.orgId, row.id);
    // A message left on a platform (nobody was online) is answered there too.
    await deps
      .sendToChannel?.(principal.orgId, Number(row.visitor_id), input.reply)
      .catch((error: unknown) =>
        logger.error({ err: error, lid: row.lid }, 'leave message reply: channel send failed'),
      );
    return reload(principal.orgId, input.lid);
  };

  /** Closing twice is harmless: the second call answers the closed message. */
  const close = async (principal: Principal, lid: string): Promise<LeaveMessage> => {
    const row = await load(principal.orgId, lid);
    if (row.status !== 'closed') await closeLeaveMessage(db, principal.orgId, row.id, now());
    return reload(principal.orgId, lid);
  };

  return { create, listOfVisitor, page, markRead, reply, close };
};
