import type {
  Language,
  TicketAttachment,
  TicketStatus,
  VisitorTicket,
  VisitorTicketCreateBody,
} from '@openkefu/contract';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { translate } from '../../http/i18n.js';
import type { RateLimiter } from '../../lib/limiter.js';
import { htmlToPlainText } from '../../lib/richtext/text.js';
import { formatTicketNumber, type TicketService } from './ticket.service.js';
import './ticket.visitor.messages.js';
import {
  findVisitorProfile,
  findVisitorUploads,
  findWidgetGroup,
  listPublicReplies,
  listTicketsOfVisitor,
} from './ticket.visitor.repository.js';

/** Tickets per visitor in a window: as generous as feedback (people rarely file more), not for scripts. */
export const visitorTicketRateRule = { limit: 5, windowSeconds: 600 };
/** Per address across visitors, so new visitor tokens do not reset the count. */
export const visitorTicketIpRule = { limit: 30, windowSeconds: 3600 };

type Visitor = { visitorId: number; orgId: number };
type CreateBody = Required<Omit<VisitorTicketCreateBody, 'attachments'>> & { attachments: string[] };

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

const paragraphsOf = (text: string): string =>
  text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br />')}</p>`)
    .join('');

const parseAttachments = (text: string): TicketAttachment[] => {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as TicketAttachment[]) : [];
  } catch {
    return [];
  }
};

export const createVisitorTicketService = (deps: {
  db: Executor;
  limiter: RateLimiter;
  tickets: Pick<TicketService, 'createFromVisitor'>;
}) => {
  const { db, limiter, tickets } = deps;

  const limit = async (keys: { key: string; rule: { limit: number; windowSeconds: number } }[]) => {
    for (const { key, rule } of keys) {
      const state = await limiter.hit(key, rule.windowSeconds);
      if (state.count > rule.limit) throw AppError.rateLimited(state.retryAfter);
    }
  };

  /**
   * "Leave a ticket": everything is checked (group, switch, uploads) before the ticket service
   * writes the ticket, its activity and its watchers in one transaction, so a refusal writes nothing.
   */
  const create = async (
    visitor: Visitor,
    body: CreateBody,
    ip: string,
    language: Language,
  ): Promise<VisitorTicket> => {
    const group = await findWidgetGroup(db, visitor.orgId, body.wid);
    // Another organisation's group reads as unknown: nothing tells the two apart.
    if (!group) throw AppError.notFound('ticketVisitor.groupNotFound', { wid: body.wid });
    if (Number(group.widget_ticket) !== 1) throw AppError.forbidden('ticketVisitor.disabled');
    await limit([
      { key: `ticket:visitor:${visitor.visitorId}`, rule: visitorTicketRateRule },
      { key: `ticket:visitor-ip:${ip}`, rule: visitorTicketIpRule },
    ]);
    const aids = [...new Set(body.attachments)];
    const uploads = new Map((await findVisitorUploads(db, visitor.orgId, aids)).map((row) => [row.aid, row]));
    const attachments = aids.map((aid, index) => {
      const upload = uploads.get(aid);
      if (!upload)
        throw AppError.badRequest('ticketVisitor.attachmentInvalid', {
          params: { aid },
          fields: [{ field: `attachments.${index}`, message: 'is not an upload of this visitor' }],
        });
      return {
        path: `/uploads/${upload.storage_key}`,
        fileName: upload.file_name,
        mediaType: upload.media_type,
        size: Number(upload.size),
      };
    });
    const profile = await findVisitorProfile(db, visitor.orgId, visitor.visitorId);
    const page = body.url
      ? `<p>${escapeHtml(translate('ticketVisitor.page', language, { url: body.url }))}</p>`
      : '';
    const ticket = await tickets.createFromVisitor(
      {
        orgId: visitor.orgId,
        visitorId: visitor.visitorId,
        wid: group.wid,
        title: body.title,
        description: `${paragraphsOf(body.description)}${page}`,
        contactName: body.contactName || profile?.nickname || '',
        email: body.email,
        phone: body.phone,
        attachments,
        customerId: profile?.customer_cid ?? null,
      },
      language,
    );
    const [created] = await mine(visitor, ticket.tkid);
    if (!created) throw new Error('ticket vanished after insert');
    return created;
  };

  /** "My tickets": the visitor's tickets (at most 50, newest first) with the public replies. */
  const mine = async (visitor: Visitor, onlyTkid?: string): Promise<VisitorTicket[]> => {
    const rows = (await listTicketsOfVisitor(db, visitor.orgId, visitor.visitorId, 50)).filter(
      (row) => onlyTkid === undefined || row.tkid === onlyTkid,
    );
    const replies = await listPublicReplies(
      db,
      visitor.orgId,
      rows.map((row) => Number(row.id)),
    );
    return rows.map((row) => ({
      tkid: row.tkid,
      ticketNumber: formatTicketNumber(Number(row.number)),
      title: row.title,
      description: htmlToPlainText(row.description),
      email: row.email,
      status: row.status as TicketStatus,
      attachments: parseAttachments(row.attachments).map(({ path, fileName, mediaType }) => ({
        path,
        fileName,
        mediaType,
      })),
      replies: replies
        .filter((reply) => Number(reply.ticket_id) === Number(row.id))
        .map((reply) => ({
          cmid: reply.cmid,
          content: htmlToPlainText(reply.content),
          from: reply.author_id === null ? ('contact' as const) : ('agent' as const),
          nickname: reply.nickname ?? '',
          createdAt: Number(reply.created_at),
        })),
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
    }));
  };

  return { create, mine: (visitor: Visitor) => mine(visitor) };
};
