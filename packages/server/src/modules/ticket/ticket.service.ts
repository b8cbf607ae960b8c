import {
  formatTicketNumber,
  ticketPriorityValues,
  ticketStatusValues,
  toPage,
  type FieldError,
  type InboundMailBody,
  type Language,
  type Page,
  type Ticket,
  type TicketAction,
  type TicketActivity,
  type TicketAttachment,
  type TicketBulkBody,
  type TicketBulkResult,
  type TicketComment,
  type TicketCommentBody,
  type TicketCreateBody,
  type TicketCustomField,
  type TicketDetail,
  type TicketInboundInfo,
  type TicketNotice,
  type TicketPerson,
  type TicketPriority,
  type TicketQuery,
  type TicketSlaPolicy,
  type TicketSource,
  type TicketStatistic,
  type TicketStatus,
  type TicketTemplate,
  type TicketTemplateBody,
  type TicketUpdateBody,
} from '@openkefu/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { translate, type MessageKey, type MessageParams } from '../../http/i18n.js';
import { writeWorkbook } from '../../lib/excel/excel.js';
import { createPublicId } from '../../lib/ids.js';
import {
  bareAddress,
  replyAddressFor,
  stripQuotedReply,
  tokenFromRecipients,
} from '../../lib/mail/reply-address.js';
import { renderTicketMail, type TicketMailEvent } from '../../lib/mail/ticket-templates.js';
import type { MailTransport } from '../../lib/mail/transport.js';
import { sanitizeRichText } from '../../lib/richtext/sanitize.js';
import { htmlToPlainText } from '../../lib/richtext/text.js';
import { createOpaqueToken, isSameDigest, sha256 } from '../../lib/secrets.js';
import type { Principal } from '../auth/auth.service.js';
import { findOrganizationById } from '../organization/organization.repository.js';
import type { RealtimeHub } from '../realtime/hub.js';
import { agentRoom } from '../realtime/rooms.js';
import './ticket.messages.js';
import {
  isTicketActionAllowed,
  isTicketOpen,
  nextTicketStatus,
  statusAfterAssignment,
  statusAfterContactReply,
} from './ticket.machine.js';
import * as repo from './ticket.repository.js';
import type { TicketRow } from './ticket.repository.js';
import { computeSlaTargets, defaultSlaPolicies, nextDueAt, priorityRank } from './ticket.sla.js';

/*
 * Ticket rules: numbering, the state machine, SLA targets, the activity log, comments, notices
 * and mail. Routes authorise; every function here is scoped by the caller's organisation.
 */

export type TicketServiceDeps = {
  db: Executor;
  config: Pick<Config, 'publicUrl'>;
  hub: RealtimeHub;
  mail: MailTransport;
  logger: FastifyBaseLogger;
  now?: () => number;
};

/** Who acts: an agent (principal) or the system (feedback conversion, inbound mail). */
type Actor = { orgId: number; userId: number | null };

const transcriptLimit = 500;
const dayMs = 86_400_000;

const person = (uid: string | null, nickname: string | null, avatar: string | null): TicketPerson | null =>
  uid === null ? null : { uid, nickname: nickname ?? '', avatar: avatar ?? '' };

const parseJson = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

// The number's format lives in the contract (the thread's ticket link shows it too).
export { formatTicketNumber };

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** Breach flags: stored when the clock stopped, computed while it still runs. */
const breaches = (
  row: Pick<
    TicketRow,
    | 'status'
    | 'first_responded_at'
    | 'first_response_due_at'
    | 'resolution_due_at'
    | 'first_response_breached'
    | 'resolution_breached'
  >,
  now: number,
) => {
  const open = isTicketOpen(row.status as TicketStatus);
  const firstDue = row.first_response_due_at === null ? null : Number(row.first_response_due_at);
  const resolutionDue = row.resolution_due_at === null ? null : Number(row.resolution_due_at);
  return {
    firstResponseBreached:
      Number(row.first_response_breached) === 1 ||
      (firstDue !== null && row.first_responded_at === null && open && now > firstDue),
    resolutionBreached:
      Number(row.resolution_breached) === 1 || (resolutionDue !== null && open && now > resolutionDue),
  };
};

export const createTicketService = (deps: TicketServiceDeps) => {
  const { db, hub, mail, logger } = deps;
  const now = deps.now ?? Date.now;

  /** "Due soon": an open ticket whose nearest running deadline is within the policy's warning window. */
  const isDueSoon = (row: TicketRow, warnMinutes: number, at: number): boolean => {
    if (!isTicketOpen(row.status as TicketStatus) || row.next_due_at === null) return false;
    const deadline = Number(row.next_due_at);
    return at <= deadline && deadline - at <= warnMinutes * 60_000;
  };

  const toTicket = (row: TicketRow, watchers: TicketPerson[], warnMinutes: number): Ticket => ({
    tkid: row.tkid,
    ticketNumber: formatTicketNumber(Number(row.number)),
    title: row.title,
    description: row.description,
    contactName: row.contact_name,
    email: row.email,
    phone: row.phone,
    status: row.status as TicketStatus,
    priority: row.priority as TicketPriority,
    type: row.type as Ticket['type'],
    source: row.source as TicketSource,
    category: row.category_cid ? { cid: row.category_cid, name: row.category_name ?? '' } : null,
    workgroup: row.workgroup_wid ? { wid: row.workgroup_wid, nickname: row.workgroup_nickname ?? '' } : null,
    assignee: person(row.assignee_uid, row.assignee_nickname, row.assignee_avatar),
    reporter: person(row.reporter_uid, row.reporter_nickname, row.reporter_avatar),
    customerId: row.customer_id,
    customer:
      row.customer_id !== null && row.customer_name !== null
        ? { cid: row.customer_id, name: row.customer_name, email: row.customer_email ?? '' }
        : null,
    threadUid: row.thread_tid,
    feedbackId: row.feedback_id,
    attachments: parseJson<TicketAttachment[]>(row.attachments, []),
    watchers,
    template: row.template_ttid ? { ttid: row.template_ttid, name: row.template_name ?? '' } : null,
    customFields: parseJson<Ticket['customFields']>(row.custom_fields, {}),
    dueAt: row.due_at === null ? null : Number(row.due_at),
    sla: {
      firstResponseDueAt: row.first_response_due_at === null ? null : Number(row.first_response_due_at),
      resolutionDueAt: row.resolution_due_at === null ? null : Number(row.resolution_due_at),
      firstRespondedAt: row.first_responded_at === null ? null : Number(row.first_responded_at),
      ...breaches(row, now()),
      warnMinutes,
      dueSoon: isDueSoon(row, warnMinutes, now()),
    },
    resolvedTime: row.resolved_at === null ? null : Number(row.resolved_at),
    closedTime: row.closed_at === null ? null : Number(row.closed_at),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  });

  const withWatchers = async (rows: TicketRow[]): Promise<Ticket[]> => {
    const [watchers, policies] = await Promise.all([
      repo.listWatchers(
        db,
        rows.map((row) => row.id),
      ),
      rows[0] ? repo.findSlaPolicies(db, rows[0].org_id) : Promise.resolve([]),
    ]);
    const warnMinutesOf = (priority: TicketPriority) =>
      policies.find((policy) => policy.priority === priority)?.warn_minutes ??
      defaultSlaPolicies[priority].warnMinutes;
    return rows.map((row) =>
      toTicket(
        row,
        watchers
          .filter((watcher) => watcher.ticket_id === row.id)
          .map((watcher) => ({ uid: watcher.uid, nickname: watcher.nickname, avatar: watcher.avatar })),
        warnMinutesOf(row.priority as TicketPriority),
      ),
    );
  };

  const load = async (orgId: number, tkid: string, executor: Executor = db): Promise<TicketRow> => {
    const row = await repo.findTicketByTkid(executor, orgId, tkid);
    if (!row) throw AppError.notFound('ticket.notFound', { tkid });
    return row;
  };

  const policyFor = async (orgId: number, priority: TicketPriority, executor: Executor = db) => {
    const stored = (await repo.findSlaPolicies(executor, orgId)).find((row) => row.priority === priority);
    return stored
      ? { firstResponseMinutes: stored.first_response_minutes, resolutionMinutes: stored.resolution_minutes }
      : defaultSlaPolicies[priority];
  };

  /** 400 naming the field; the top message is in the request's language (the article module's rule). */
  const invalid = (key: MessageKey, field: string, params: MessageParams = {}) =>
    AppError.badRequest(key, { params, fields: [{ field, message: translate(key, 'en-US', params) }] });

  // References in a body: 400 naming the field, never another tenant's row.
  const resolveCategory = async (orgId: number, cid: string | null | undefined, field: string) => {
    if (cid === undefined || cid === null) return cid;
    const category = await repo.findTicketCategory(db, orgId, cid);
    if (!category) throw invalid('ticket.unknownCategory', field, { cid });
    return category;
  };
  const resolveWorkgroup = async (orgId: number, wid: string | null | undefined, field: string) => {
    if (wid === undefined || wid === null) return wid;
    const workgroup = await repo.findWorkgroup(db, orgId, wid);
    if (!workgroup) throw invalid('ticket.unknownWorkgroup', field, { wid });
    return workgroup;
  };
  const resolveCustomer = async (orgId: number, cid: string | null | undefined, field: string) => {
    if (cid === undefined || cid === null || cid === '') return cid === '' ? null : cid;
    const customer = await repo.findCustomerByCid(db, orgId, cid);
    if (!customer) throw invalid('ticket.unknownCustomer', field, { cid });
    return customer.cid;
  };
  const resolveColleagues = async (orgId: number, uids: string[], field: string) => {
    const unique = [...new Set(uids)];
    const found = await repo.findColleagues(db, orgId, unique);
    const missing = unique.filter((uid) => !found.some((row) => row.uid === uid));
    if (missing.length > 0) throw invalid('ticket.unknownColleague', field, { uids: missing.join(', ') });
    return found;
  };

  /**
   * Attachments must be uploads of the organisation (`/uploads/<key>` of its attachment rows); name,
   * type and size come from the stored upload, not from the client.
   */
  const resolveAttachments = async (
    orgId: number,
    inputs: { path: string }[],
    field: string,
  ): Promise<TicketAttachment[]> => {
    const keys = inputs.map((input) =>
      input.path.slice(input.path.indexOf('/uploads/') + '/uploads/'.length),
    );
    const rows = await repo.findUploadsByKeys(db, orgId, [...new Set(keys)]);
    return inputs.map((input, index) => {
      const row = rows.find((candidate) => candidate.storage_key === keys[index]);
      if (!row) throw invalid('ticket.unknownAttachment', `${field}.${index}.path`, { path: input.path });
      return {
        path: `/uploads/${row.storage_key}`,
        fileName: row.file_name,
        mediaType: row.media_type,
        size: Number(row.size),
      };
    });
  };

  const checkCustomFields = (
    fields: TicketCustomField[],
    values: Record<string, string | number | boolean | null>,
  ): void => {
    const errors: FieldError[] = [];
    for (const field of fields) {
      const value = values[field.key];
      const path = `customFields.${field.key}`;
      if (value === undefined || value === null || value === '') {
        if (field.required)
          errors.push({ field: path, message: translate('ticket.customFieldRequired', 'en-US') });
        continue;
      }
      const valid =
        field.type === 'number'
          ? typeof value === 'number'
          : field.type === 'checkbox'
            ? typeof value === 'boolean'
            : field.type === 'date'
              ? typeof value === 'number' || (typeof value === 'string' && !Number.isNaN(Date.parse(value)))
              : field.type === 'select'
                ? typeof value === 'string' && field.options.includes(value)
                : typeof value === 'string';
      if (!valid)
        errors.push({
          field: path,
          message: translate('ticket.customFieldInvalid', 'en-US', { type: field.type }),
        });
    }
    if (errors.length > 0) throw AppError.validation(errors);
  };

  // Notices --------------------------------------------------------------------------------------

  /**
   * Stores a notice per colleague and pushes it to their console (`ticket:notice`).
   */
  const notify = async (
    kind: TicketNotice['kind'],
    ticket: { id: number; tkid: string; number: number; title: string; orgId: number },
    actor: { userId: number | null; person: TicketPerson | null },
    userIds: number[],
  ): Promise<void> => {
    const recipients = [...new Set(userIds)].filter((id) => id !== actor.userId);
    if (recipients.length === 0) return;
    const at = now();
    const rows = recipients.map((userId) => ({
      nid: createPublicId(),
      org_id: ticket.orgId,
      user_id: userId,
      kind,
      ticket_id: ticket.id,
      actor_id: actor.userId,
      read_at: null,
      created_at: at,
    }));
    await repo.insertNotices(db, rows);
    for (const row of rows)
      hub.emit([agentRoom(row.user_id)], 'ticket:notice', {
        nid: row.nid,
        kind,
        tkid: ticket.tkid,
        ticketNumber: formatTicketNumber(ticket.number),
        title: ticket.title,
        actor: actor.person,
        read: false,
        createdAt: at,
      });
  };

  /** Who hears of a reply: the assignee and every watcher. */
  const followersOf = async (row: TicketRow): Promise<number[]> => [
    ...(row.assignee_id === null ? [] : [Number(row.assignee_id)]),
    ...(await repo.listWatchers(db, [row.id])).map((watcher) => Number(watcher.user_id)),
  ];

  const actorPerson = async (orgId: number, userId: number | null): Promise<TicketPerson | null> => {
    if (userId === null) return null;
    const row = await db
      .selectFrom('user')
      .where('org_id', '=', orgId)
      .where('id', '=', userId)
      .select(['uid', 'nickname', 'avatar'])
      .executeTakeFirst();
    return row ?? null;
  };

  // Mail -----------------------------------------------------------------------------------------

  /** Mails the contact; failures are logged and reported as false (the change itself stands). */
  const mailContact = async (
    row: TicketRow,
    event: TicketMailEvent,
    language: Language,
    bodyHtml: string,
  ): Promise<boolean> => {
    if (!row.email || row.type === 'internal') return false;
    const organization = await findOrganizationById(db, row.org_id);
    const rendered = renderTicketMail(event, language, {
      ticketNumber: formatTicketNumber(Number(row.number)),
      title: row.title,
      contactName: row.contact_name,
      organization: organization?.name ?? '',
      body: bodyHtml,
      bodyText: htmlToPlainText(bodyHtml),
    });
    const domain = bareAddress(mail.from).split('@')[1] ?? 'localhost';
    try {
      return await mail.send({
        to: row.email,
        replyTo: replyAddressFor(mail.from, row.reply_token),
        references: `<ticket-${row.tkid}@${domain}>`,
        ...rendered,
      });
    } catch (error) {
      logger.error({ err: error, tkid: row.tkid }, 'ticket mail not sent');
      return false;
    }
  };

  // Create ---------------------------------------------------------------------------------------

  type CreateInput = TicketCreateBody & {
    source: TicketSource;
    threadId?: number | null;
    feedbackId?: string | null;
    /** The visitor who left it in the widget (ticket.visitor.routes.ts lists them back). */
    visitorId?: number | null;
    /** Internal note written with the ticket (a conversation's transcript). */
    note?: string;
  };

  const createTicket = async (actor: Actor, input: CreateInput, language: Language): Promise<Ticket> => {
    const template = input.template ? await repo.findTemplate(db, actor.orgId, input.template) : undefined;
    if (input.template && !template)
      throw invalid('ticket.templateMissing', 'template', { ttid: input.template });
    const preset = template ? parseJson<TicketTemplate['preset'] | null>(template.preset, null) : null;
    const fields = template ? parseJson<TicketCustomField[]>(template.fields, []) : [];
    checkCustomFields(fields, input.customFields);

    const category = await resolveCategory(actor.orgId, input.category ?? preset?.category, 'category');
    const workgroup = await resolveWorkgroup(actor.orgId, input.wid ?? preset?.wid, 'wid');
    const [assignee] = input.assignee
      ? await resolveColleagues(actor.orgId, [input.assignee], 'assignee')
      : [];
    const watchers = await resolveColleagues(actor.orgId, input.watchers, 'watchers');
    const customerId = await resolveCustomer(actor.orgId, input.customerId, 'customerId');
    const attachments = await resolveAttachments(actor.orgId, input.attachments, 'attachments');
    const description = sanitizeRichText(input.description || preset?.description || '');
    const priority = input.priority;
    const at = now();
    const policy = await policyFor(actor.orgId, priority);
    const targets = computeSlaTargets(policy, workgroup?.work_times ?? '', at);
    const status: TicketStatus = assignee ? 'assigned' : 'new';
    const dueAt = input.dueAt ?? null;
    const tkid = createPublicId();

    const id = await db.transaction().execute(async (trx) => {
      const number = await repo.takeTicketNumber(trx, actor.orgId);
      const ticketId = await repo.insertTicket(trx, {
        tkid,
        org_id: actor.orgId,
        number,
        title: input.title || preset?.title || '',
        description,
        contact_name: input.contactName,
        email: input.email,
        phone: input.phone,
        status,
        priority,
        priority_rank: priorityRank(priority),
        type: input.type,
        source: input.source,
        category_id: category?.id ?? null,
        workgroup_id: workgroup?.id ?? null,
        assignee_id: assignee?.id ?? null,
        reporter_id: actor.userId,
        customer_id: customerId ?? null,
        template_id: template?.id ?? null,
        thread_id: input.threadId ?? null,
        feedback_id: input.feedbackId ?? null,
        visitor_id: input.visitorId ?? null,
        attachments: JSON.stringify(attachments),
        custom_fields: JSON.stringify(input.customFields),
        reply_token: createOpaqueToken(),
        due_at: dueAt,
        first_response_due_at: targets.firstResponseDueAt,
        resolution_due_at: targets.resolutionDueAt,
        first_responded_at: null,
        next_due_at: nextDueAt({ isOpen: true, firstRespondedAt: null, ...targets, dueAt }),
        resolved_at: null,
        closed_at: null,
        created_at: at,
        updated_at: at,
      });
      await repo.addWatchers(
        trx,
        ticketId,
        [...(actor.userId === null ? [] : [actor.userId]), ...watchers.map((watcher) => watcher.id)],
        at,
      );
      await repo.insertActivities(trx, [
        {
          org_id: actor.orgId,
          ticket_id: ticketId,
          actor_id: actor.userId,
          field: 'created',
          old_value: null,
          new_value: input.source,
          created_at: at,
        },
      ]);
      if (input.note)
        await repo.insertComment(trx, {
          cmid: createPublicId(),
          org_id: actor.orgId,
          ticket_id: ticketId,
          kind: 'note',
          content: input.note,
          author_id: actor.userId,
          via: 'system',
          created_at: at,
        });
      if (input.threadId) await repo.linkThreadToTicket(trx, actor.orgId, input.threadId, ticketId);
      return ticketId;
    });

    const row = await repo.findTicketById(db, actor.orgId, id);
    if (!row) throw new Error('ticket vanished after insert');
    await mailContact(row, 'created', language, description);
    if (assignee)
      await notify(
        'assigned',
        { id, tkid, number: Number(row.number), title: row.title, orgId: actor.orgId },
        { userId: actor.userId, person: await actorPerson(actor.orgId, actor.userId) },
        [assignee.id],
      );
    const [ticket] = await withWatchers([row]);
    return ticket as Ticket;
  };

  const create = (principal: Principal, body: TicketCreateBody, language: Language) =>
    createTicket(
      { orgId: principal.orgId, userId: principal.userId },
      { ...body, source: 'console' },
      language,
    );

  /** A conversation becomes a ticket: contact from the visitor, transcript as the first internal note. */
  const createFromThread = async (
    principal: Principal,
    body: Omit<TicketCreateBody, 'title'> & { tid: string; title?: string },
    language: Language,
  ): Promise<Ticket> => {
    const thread = await repo.findThreadWithVisitor(db, principal.orgId, body.tid);
    if (!thread) throw AppError.notFound('ticket.threadNotFound', { tid: body.tid });
    const messages = await repo.listTranscript(db, principal.orgId, thread.id, transcriptLimit);
    const lines = messages.map((message) => {
      const who =
        message.sender_kind === 'visitor'
          ? (message.visitor_nickname ?? translate('ticket.visitor', language))
          : message.sender_kind === 'robot' || message.type === 'robot'
            ? translate('ticket.robot', language)
            : (message.user_nickname ?? '');
      const time = new Date(Number(message.created_at)).toISOString().slice(0, 16).replace('T', ' ');
      const text =
        message.type === 'image'
          ? message.image_url
          : message.type === 'file'
            ? `${message.file_name} ${message.file_url}`
            : message.type === 'robot'
              ? (parseJson<{ text?: string; answer?: string }>(message.content, {}).answer ?? message.content)
              : message.content;
      return `<p><strong>${escapeHtml(who)}</strong> <em>${time} UTC</em><br />${escapeHtml(text)}</p>`;
    });
    const note = sanitizeRichText(
      `<p><strong>${escapeHtml(translate('ticket.transcript', language))}</strong></p>${lines.join('')}`,
    );
    const workgroupWid =
      body.wid === undefined && thread.workgroup_id !== null
        ? (
            await db
              .selectFrom('workgroup')
              .where('id', '=', thread.workgroup_id)
              .select('wid')
              .executeTakeFirst()
          )?.wid
        : body.wid;
    return createTicket(
      { orgId: principal.orgId, userId: principal.userId },
      {
        ...body,
        title:
          body.title ||
          translate('ticket.fromThreadTitle', language, {
            name: thread.nickname || translate('ticket.visitor', language),
          }),
        contactName: body.contactName || thread.nickname || '',
        email: body.email || thread.email || '',
        phone: body.phone || thread.mobile || '',
        // The visitor's CRM customer unless the agent chose one (or none) explicitly.
        customerId: body.customerId !== undefined ? body.customerId : thread.customer_cid,
        wid: workgroupWid,
        source: 'thread',
        threadId: thread.id,
        note,
      },
      language,
    );
  };

  /**
   * For the feedback module: a visitor's feedback becomes a ticket (source feedback, listed by
   * `GET /api/ticket/query?source=feedback` — the section's fdlist). `actorUserId` is the agent
   * converting it, or null for an automatic conversion.
   */
  const createFromFeedback = (
    input: {
      orgId: number;
      actorUserId: number | null;
      feedbackId: string;
      title: string;
      /** HTML or text; sanitised here. */
      description: string;
      contactName?: string;
      email?: string;
      phone?: string;
      priority?: TicketPriority;
      attachments?: TicketAttachment[];
      customerId?: string | null;
    },
    language: Language,
  ): Promise<Ticket> =>
    createTicket(
      { orgId: input.orgId, userId: input.actorUserId },
      {
        title: input.title.slice(0, 200),
        description: input.description,
        contactName: input.contactName ?? '',
        email: input.email ?? '',
        phone: input.phone ?? '',
        priority: input.priority ?? 'medium',
        type: 'external',
        attachments: input.attachments ?? [],
        watchers: [],
        customFields: {},
        customerId: input.customerId ?? null,
        source: 'feedback',
        feedbackId: input.feedbackId,
      },
      language,
    );

  /**
   * For the widget's "Leave a ticket" (ticket.visitor.routes.ts): an external ticket with no
   * reporting agent, the visitor as contact and its skill group; the caller checked the group's
   * switch and resolved the visitor's uploads to paths.
   */
  const createFromVisitor = (
    input: {
      orgId: number;
      visitorId: number;
      wid: string | null;
      title: string;
      /** HTML; sanitised here. */
      description: string;
      contactName: string;
      email: string;
      phone: string;
      attachments: TicketAttachment[];
      customerId: string | null;
    },
    language: Language,
  ): Promise<Ticket> =>
    createTicket(
      { orgId: input.orgId, userId: null },
      {
        title: input.title,
        description: input.description,
        contactName: input.contactName,
        email: input.email,
        phone: input.phone,
        priority: 'medium',
        type: 'external',
        wid: input.wid,
        attachments: input.attachments,
        watchers: [],
        customFields: {},
        customerId: input.customerId,
        source: 'widget',
        visitorId: input.visitorId,
      },
      language,
    );

  // Read -----------------------------------------------------------------------------------------

  const get = async (principal: Principal, tkid: string): Promise<TicketDetail> => {
    const row = await load(principal.orgId, tkid);
    const [[ticket], comments, activities] = await Promise.all([
      withWatchers([row]),
      repo.listComments(db, row.id),
      repo.listActivities(db, row.id),
    ]);
    const mentionIds = [...new Set(comments.flatMap((comment) => parseJson<number[]>(comment.mentions, [])))];
    const mentioned =
      mentionIds.length === 0
        ? []
        : await db
            .selectFrom('user')
            .where('org_id', '=', principal.orgId)
            .where('id', 'in', mentionIds)
            .select(['id', 'uid', 'nickname', 'avatar'])
            .execute();
    return {
      ...(ticket as Ticket),
      comments: comments.map((comment): TicketComment => ({
        cmid: comment.cmid,
        kind: comment.kind as TicketComment['kind'],
        content: comment.content,
        author: person(comment.uid, comment.nickname, comment.avatar),
        authorEmail: comment.author_email,
        via: comment.via as TicketComment['via'],
        mentions: parseJson<number[]>(comment.mentions, [])
          .map((id) => mentioned.find((user) => user.id === id))
          .filter((user) => user !== undefined)
          .map((user) => ({ uid: user.uid, nickname: user.nickname, avatar: user.avatar })),
        attachments: parseJson<TicketAttachment[]>(comment.attachments, []),
        emailed: Number(comment.emailed) === 1,
        createdAt: Number(comment.created_at),
      })),
      activities: activities.map((activity): TicketActivity => ({
        field: activity.field,
        oldValue: activity.old_value,
        newValue: activity.new_value,
        actor: person(activity.uid, activity.nickname, activity.avatar),
        createdAt: Number(activity.created_at),
      })),
    };
  };

  const page = async (principal: Principal, query: TicketQuery): Promise<Page<Ticket>> => {
    const ids: Parameters<typeof repo.pageTickets>[3] = { userId: principal.userId };
    // A category that is not one of the organisation's ticket categories is a 400 on the field (a
    // picker offers only those); other unknown filter ids match nothing: the list is simply empty.
    if (query.category)
      ids.categoryId = (await resolveCategory(principal.orgId, query.category, 'category'))?.id;
    if (query.wid) ids.workgroupId = (await repo.findWorkgroup(db, principal.orgId, query.wid))?.id ?? null;
    if (query.assignee)
      ids.assigneeId = (await repo.findColleagues(db, principal.orgId, [query.assignee]))[0]?.id ?? null;
    const { rows, total } = await repo.pageTickets(db, principal.orgId, query, ids, now());
    return toPage(await withWatchers(rows), total, query);
  };

  // Change ---------------------------------------------------------------------------------------

  type Activity = { field: string; old_value: string | null; new_value: string | null };

  const writeActivities = (
    trx: Executor,
    row: TicketRow,
    actorId: number | null,
    changes: Activity[],
    at: number,
  ) =>
    repo.insertActivities(
      trx,
      changes.map((change) => ({
        ...change,
        org_id: row.org_id,
        ticket_id: row.id,
        actor_id: actorId,
        created_at: at,
      })),
    );

  const update = async (principal: Principal, body: TicketUpdateBody): Promise<Ticket> => {
    const row = await load(principal.orgId, body.tkid);
    const category = await resolveCategory(principal.orgId, body.category, 'category');
    const workgroup = await resolveWorkgroup(principal.orgId, body.wid, 'wid');
    const customerId = await resolveCustomer(principal.orgId, body.customerId, 'customerId');
    // The template's custom fields hold on every update as they did on create.
    if (body.customFields !== undefined)
      checkCustomFields(parseJson<TicketCustomField[]>(row.template_fields ?? '[]', []), body.customFields);
    const at = now();
    const values: Parameters<typeof repo.updateTicket>[3] = {};
    const changes: Activity[] = [];
    const change = (field: string, oldValue: string | null, newValue: string | null) => {
      if (oldValue !== newValue) changes.push({ field, old_value: oldValue, new_value: newValue });
    };
    if (body.title !== undefined) {
      values.title = body.title;
      change('title', row.title, body.title);
    }
    if (body.description !== undefined) {
      values.description = sanitizeRichText(body.description);
      change(
        'description',
        htmlToPlainText(row.description).slice(0, 500),
        htmlToPlainText(values.description).slice(0, 500),
      );
    }
    if (body.contactName !== undefined) {
      values.contact_name = body.contactName;
      change('contactName', row.contact_name, body.contactName);
    }
    if (body.email !== undefined) {
      values.email = body.email;
      change('email', row.email, body.email);
    }
    if (body.phone !== undefined) {
      values.phone = body.phone;
      change('phone', row.phone, body.phone);
    }
    if (body.type !== undefined) {
      values.type = body.type;
      change('type', row.type, body.type);
    }
    if (customerId !== undefined) {
      values.customer_id = customerId;
      change('customerId', row.customer_id, customerId);
    }
    if (category !== undefined) {
      values.category_id = category?.id ?? null;
      change('category', row.category_name, category?.name ?? null);
    }
    if (workgroup !== undefined) {
      values.workgroup_id = workgroup?.id ?? null;
      change('workgroup', row.workgroup_nickname, workgroup?.nickname ?? null);
    }
    if (body.attachments !== undefined) {
      const attachments = await resolveAttachments(principal.orgId, body.attachments, 'attachments');
      values.attachments = JSON.stringify(attachments);
      change(
        'attachments',
        parseJson<TicketAttachment[]>(row.attachments, [])
          .map((a) => a.fileName)
          .join(', '),
        attachments.map((a) => a.fileName).join(', '),
      );
    }
    if (body.customFields !== undefined) {
      values.custom_fields = JSON.stringify(body.customFields);
      change('customFields', row.custom_fields, values.custom_fields);
    }
    if (body.dueAt !== undefined) {
      values.due_at = body.dueAt;
      change(
        'dueAt',
        row.due_at === null ? null : String(row.due_at),
        body.dueAt === null ? null : String(body.dueAt),
      );
    }
    // A new priority or group re-targets the SLA from the ticket's creation (the clock keeps running).
    const priority = body.priority ?? (row.priority as TicketPriority);
    if (body.priority !== undefined) {
      values.priority = body.priority;
      values.priority_rank = priorityRank(body.priority);
      change('priority', row.priority, body.priority);
    }
    if (body.priority !== undefined || workgroup !== undefined) {
      const workTimes =
        workgroup === undefined ? (row.workgroup_work_times ?? '') : (workgroup?.work_times ?? '');
      const targets = computeSlaTargets(
        await policyFor(principal.orgId, priority),
        workTimes,
        Number(row.created_at),
      );
      values.first_response_due_at = targets.firstResponseDueAt;
      values.resolution_due_at = targets.resolutionDueAt;
    }
    values.next_due_at = nextDueAt({
      isOpen: isTicketOpen(row.status as TicketStatus),
      firstRespondedAt: row.first_responded_at === null ? null : Number(row.first_responded_at),
      firstResponseDueAt:
        values.first_response_due_at !== undefined
          ? values.first_response_due_at
          : row.first_response_due_at === null
            ? null
            : Number(row.first_response_due_at),
      resolutionDueAt:
        values.resolution_due_at !== undefined
          ? values.resolution_due_at
          : row.resolution_due_at === null
            ? null
            : Number(row.resolution_due_at),
      dueAt: values.due_at !== undefined ? values.due_at : row.due_at === null ? null : Number(row.due_at),
    });
    if (changes.length > 0) {
      values.updated_at = at;
      await db.transaction().execute(async (trx) => {
        await repo.updateTicket(trx, principal.orgId, row.id, values);
        await writeActivities(trx, row, principal.userId, changes, at);
      });
    }
    const [ticket] = await withWatchers([await load(principal.orgId, body.tkid)]);
    return ticket as Ticket;
  };

  /** Moves the status through the machine; 409 when the move is not allowed or someone moved it first. */
  const transitionRow = async (
    actor: Actor,
    row: TicketRow,
    action: TicketAction,
    language: Language,
  ): Promise<void> => {
    const from = row.status as TicketStatus;
    const to = nextTicketStatus(from, action);
    if (to === null)
      throw AppError.conflict('ticket.transitionRefused', { params: { status: from, action } });
    if (!isTicketActionAllowed(from, action, row.assignee_id !== null))
      throw AppError.conflict('ticket.needsAssignee', { params: { action } });
    const at = now();
    const values: Parameters<typeof repo.updateTicket>[3] = { status: to, updated_at: at };
    // Finishing a ticket nobody answered stops the first-response clock: past its target, that is a breach.
    if (
      (to === 'resolved' || to === 'closed') &&
      row.first_responded_at === null &&
      row.first_response_due_at !== null &&
      at > Number(row.first_response_due_at)
    )
      values.first_response_breached = 1;
    if (to === 'resolved') {
      values.resolved_at = at;
      if (row.resolution_due_at !== null && at > Number(row.resolution_due_at))
        values.resolution_breached = 1;
    }
    if (to === 'closed') {
      values.closed_at = at;
      if (row.resolved_at === null && row.resolution_due_at !== null && at > Number(row.resolution_due_at))
        values.resolution_breached = 1;
    }
    if (to === 'reopened') {
      values.resolved_at = null;
      values.closed_at = null;
    }
    values.next_due_at = nextDueAt({
      isOpen: isTicketOpen(to),
      firstRespondedAt: row.first_responded_at === null ? null : Number(row.first_responded_at),
      firstResponseDueAt: row.first_response_due_at === null ? null : Number(row.first_response_due_at),
      resolutionDueAt: row.resolution_due_at === null ? null : Number(row.resolution_due_at),
      dueAt: row.due_at === null ? null : Number(row.due_at),
    });
    await db.transaction().execute(async (trx) => {
      if (!(await repo.updateTicket(trx, actor.orgId, row.id, values, from))) {
        const current = await repo.findTicketById(trx, actor.orgId, row.id);
        throw AppError.conflict('ticket.changedMeanwhile', { params: { status: current?.status ?? '' } });
      }
      await writeActivities(
        trx,
        row,
        actor.userId,
        [{ field: 'status', old_value: from, new_value: to }],
        at,
      );
    });
    if (to === 'resolved') await mailContact(row, 'resolved', language, '');
  };

  const transition = async (
    principal: Principal,
    tkid: string,
    action: TicketAction,
    language: Language,
  ): Promise<Ticket> => {
    const row = await load(principal.orgId, tkid);
    await transitionRow({ orgId: principal.orgId, userId: principal.userId }, row, action, language);
    const [ticket] = await withWatchers([await load(principal.orgId, tkid)]);
    return ticket as Ticket;
  };

  const assignRow = async (
    principal: Principal,
    row: TicketRow,
    assigneeUid: string | null,
  ): Promise<void> => {
    const [assignee] = assigneeUid ? await resolveColleagues(principal.orgId, [assigneeUid], 'assignee') : [];
    if ((assignee?.id ?? null) === row.assignee_id) return;
    const from = row.status as TicketStatus;
    const to = statusAfterAssignment(from, assignee !== undefined);
    const at = now();
    const changes: Activity[] = [
      { field: 'assignee', old_value: row.assignee_nickname, new_value: assignee?.nickname ?? null },
    ];
    if (to !== from) changes.push({ field: 'status', old_value: from, new_value: to });
    await db.transaction().execute(async (trx) => {
      const changed = await repo.updateTicket(
        trx,
        principal.orgId,
        row.id,
        { assignee_id: assignee?.id ?? null, status: to, updated_at: at },
        from,
      );
      if (!changed) throw AppError.conflict('ticket.changedMeanwhile', { params: { status: '' } });
      await writeActivities(trx, row, principal.userId, changes, at);
    });
    if (assignee)
      await notify(
        'assigned',
        { id: row.id, tkid: row.tkid, number: Number(row.number), title: row.title, orgId: principal.orgId },
        { userId: principal.userId, person: await actorPerson(principal.orgId, principal.userId) },
        [assignee.id],
      );
  };

  const assign = async (principal: Principal, tkid: string, assigneeUid: string | null): Promise<Ticket> => {
    await assignRow(principal, await load(principal.orgId, tkid), assigneeUid);
    const [ticket] = await withWatchers([await load(principal.orgId, tkid)]);
    return ticket as Ticket;
  };

  /** One change applied to each ticket in turn; a ticket it cannot apply to is reported, the others proceed. */
  const bulk = async (
    principal: Principal,
    body: TicketBulkBody,
    language: Language,
  ): Promise<TicketBulkResult> => {
    const rows = await repo.findTicketsByTkids(db, principal.orgId, body.tkids);
    const result: TicketBulkResult = { updated: [], failed: [] };
    for (const tkid of [...new Set(body.tkids)]) {
      const row = rows.find((candidate) => candidate.tkid === tkid);
      try {
        if (!row) throw AppError.notFound('ticket.notFound', { tkid });
        if (body.assignee !== undefined) await assignRow(principal, row, body.assignee);
        else if (body.action !== undefined)
          await transitionRow(
            { orgId: principal.orgId, userId: principal.userId },
            row,
            body.action,
            language,
          );
        else if (body.priority !== undefined) await update(principal, { tkid, priority: body.priority });
        result.updated.push(tkid);
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        result.failed.push({ tkid, message: translate(error.messageKey, language, error.params) });
      }
    }
    return result;
  };

  /** Adds watchers and logs one `watchers` activity per colleague who was not watching yet. */
  const addWatchersLogged = async (
    trx: Executor,
    row: TicketRow,
    actorId: number | null,
    people: { id: number; nickname: string }[],
    at: number,
  ): Promise<void> => {
    const current = new Set((await repo.listWatchers(trx, [row.id])).map((watcher) => watcher.user_id));
    const added = people.filter(
      (user, index) => !current.has(user.id) && people.findIndex((other) => other.id === user.id) === index,
    );
    if (added.length === 0) return;
    await repo.addWatchers(
      trx,
      row.id,
      added.map((user) => user.id),
      at,
    );
    await writeActivities(
      trx,
      row,
      actorId,
      added.map((user) => ({ field: 'watchers', old_value: null, new_value: user.nickname })),
      at,
    );
  };

  const watch = async (principal: Principal, tkid: string, watching: boolean): Promise<Ticket> => {
    const row = await load(principal.orgId, tkid);
    const at = now();
    const self = {
      id: principal.userId,
      nickname: (await actorPerson(principal.orgId, principal.userId))?.nickname ?? '',
    };
    await db.transaction().execute(async (trx) => {
      if (watching) await addWatchersLogged(trx, row, principal.userId, [self], at);
      else {
        const result = await repo.removeWatcher(trx, row.id, principal.userId);
        if (Number(result[0]?.numDeletedRows ?? 0) > 0)
          await writeActivities(
            trx,
            row,
            principal.userId,
            [{ field: 'watchers', old_value: self.nickname, new_value: null }],
            at,
          );
      }
    });
    const [ticket] = await withWatchers([await load(principal.orgId, tkid)]);
    return ticket as Ticket;
  };

  // Comments -------------------------------------------------------------------------------------

  const comment = async (
    principal: Principal,
    body: TicketCommentBody,
    language: Language,
  ): Promise<TicketDetail> => {
    const row = await load(principal.orgId, body.tkid);
    const mentioned = await resolveColleagues(principal.orgId, body.mentions, 'mentions');
    const attachments = await resolveAttachments(principal.orgId, body.attachments, 'attachments');
    const content = sanitizeRichText(body.content);
    if (htmlToPlainText(content) === '' && !/<img\b/i.test(content))
      throw invalid('ticket.contentEmpty', 'content');
    const at = now();
    const isFirstResponse = body.kind === 'reply' && row.first_responded_at === null;
    const cmid = createPublicId();
    const commentId = await db.transaction().execute(async (trx) => {
      const id = await repo.insertComment(trx, {
        cmid,
        org_id: principal.orgId,
        ticket_id: row.id,
        kind: body.kind,
        content,
        author_id: principal.userId,
        via: 'console',
        mentions: JSON.stringify(mentioned.map((user) => user.id)),
        attachments: JSON.stringify(attachments),
        created_at: at,
      });
      const values: Parameters<typeof repo.updateTicket>[3] = { updated_at: at };
      if (isFirstResponse) {
        values.first_responded_at = at;
        if (row.first_response_due_at !== null && at > Number(row.first_response_due_at))
          values.first_response_breached = 1;
        values.next_due_at = nextDueAt({
          isOpen: isTicketOpen(row.status as TicketStatus),
          firstRespondedAt: at,
          firstResponseDueAt: null,
          resolutionDueAt: row.resolution_due_at === null ? null : Number(row.resolution_due_at),
          dueAt: row.due_at === null ? null : Number(row.due_at),
        });
      }
      await repo.updateTicket(trx, principal.orgId, row.id, values);
      await writeActivities(
        trx,
        row,
        principal.userId,
        [{ field: 'comment', old_value: null, new_value: body.kind }],
        at,
      );
      // Mentioned colleagues follow the ticket from now on.
      await addWatchersLogged(trx, row, principal.userId, mentioned, at);
      return id;
    });
    const ticketRef = {
      id: row.id,
      tkid: row.tkid,
      number: Number(row.number),
      title: row.title,
      orgId: principal.orgId,
    };
    const actor = { userId: principal.userId, person: await actorPerson(principal.orgId, principal.userId) };
    await notify(
      'mentioned',
      ticketRef,
      actor,
      mentioned.map((user) => user.id),
    );
    if (body.kind === 'reply') {
      // The assignee and the watchers hear of a public reply; a mention already told those mentioned.
      const mentionedIds = new Set(mentioned.map((user) => user.id));
      await notify(
        'replied',
        ticketRef,
        actor,
        (await followersOf(row)).filter((id) => !mentionedIds.has(id)),
      );
      if (await mailContact(row, 'replied', language, content)) await repo.setCommentEmailed(db, commentId);
    }
    return get(principal, body.tkid);
  };

  // Inbound mail ---------------------------------------------------------------------------------

  const inboundUrlOf = async (orgId: number, baseUrl: string) => {
    const organization = await findOrganizationById(db, orgId);
    return `${deps.config.publicUrl || baseUrl}/api/ticket/inbound/${organization?.sub_domain ?? ''}`;
  };

  const rotateInboundSecret = async (principal: Principal, baseUrl: string) => {
    const secret = createOpaqueToken();
    await repo.saveInboundSecret(db, principal.orgId, sha256(secret), now());
    return { secret, url: await inboundUrlOf(principal.orgId, baseUrl) };
  };

  /** The webhook, the reply-address format and whether a secret exists; never the secret. */
  const inboundInfo = async (principal: Principal, baseUrl: string): Promise<TicketInboundInfo> => {
    const stored = await repo.findInboundSecretTime(db, principal.orgId);
    return {
      url: await inboundUrlOf(principal.orgId, baseUrl),
      replyAddress: replyAddressFor(mail.from, '<token>'),
      secretCreatedAt: stored ? Number(stored.created_at) : null,
    };
  };

  /**
   * A reply by mail: the organisation's secret authenticates the call, the token in a recipient
   * address names the ticket, and the text (quoted history dropped) becomes a public comment of
   * the contact. It wakes a pending or finished ticket and tells the assignee.
   */
  /** Plain mail text as sanitised paragraphs. */
  const textToHtml = (text: string): string =>
    sanitizeRichText(
      text
        .split(/\n{2,}/)
        .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br />')}</p>`)
        .join(''),
    );

  /** A mail to the support address without a ticket token opens a ticket for its sender. */
  const openTicketFromMail = async (orgId: number, body: InboundMailBody) => {
    const text = (body.text || htmlToPlainText(body.html)).replace(/\r\n/g, '\n').trim();
    const subject = body.subject.replace(/\s+/g, ' ').trim();
    if (text === '' && subject === '') throw invalid('ticket.inboundEmpty', 'text');
    const address = bareAddress(body.from);
    const email = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(address) && address.length <= 254 ? address : '';
    const name = body.from.includes('<')
      ? body.from.slice(0, body.from.indexOf('<')).replace(/["']/g, '').trim()
      : '';
    // The confirmation goes out in the sender's script: Chinese text gets the zh-CN template.
    const language: Language = /[\u4e00-\u9fff]/.test(`${subject}${text}`) ? 'zh-CN' : 'en-US';
    const ticket = await createTicket(
      { orgId, userId: null },
      {
        title: (subject || text.split('\n')[0] || '').slice(0, 200),
        description: textToHtml(text),
        contactName: name.slice(0, 100),
        email,
        phone: '',
        priority: 'medium',
        type: 'external',
        attachments: [],
        watchers: [],
        customFields: {},
        source: 'email',
      },
      language,
    );
    return { tkid: ticket.tkid, cmid: null, created: true };
  };

  const receiveMail = async (
    subDomain: string,
    secret: string,
    body: InboundMailBody,
  ): Promise<{ tkid: string; cmid: string | null; created: boolean }> => {
    const inbound = await repo.findInboundBySubDomain(db, subDomain);
    if (!inbound || !secret || !isSameDigest(inbound.secret_hash, sha256(secret)))
      throw AppError.unauthorized('ticket.inboundUnauthorized');
    const token = tokenFromRecipients(body.to);
    if (!token) return openTicketFromMail(Number(inbound.org_id), body);
    const found = await repo.findTicketByReplyToken(db, token);
    if (!found || Number(found.org_id) !== Number(inbound.org_id))
      throw AppError.notFound('ticket.notFound', { tkid: token.slice(0, 6) });
    const row = await load(Number(inbound.org_id), found.tkid);
    const text = stripQuotedReply(body.text || htmlToPlainText(body.html));
    if (text === '') throw invalid('ticket.inboundEmpty', 'text');
    const content = textToHtml(text);
    const from = row.status as TicketStatus;
    const to = statusAfterContactReply(from);
    const at = now();
    const cmid = createPublicId();
    await db.transaction().execute(async (trx) => {
      await repo.insertComment(trx, {
        cmid,
        org_id: row.org_id,
        ticket_id: row.id,
        kind: 'reply',
        content,
        author_id: null,
        author_email: bareAddress(body.from).slice(0, 254),
        via: 'email',
        created_at: at,
      });
      const values: Parameters<typeof repo.updateTicket>[3] = { updated_at: at, status: to };
      if (to === 'reopened') {
        values.resolved_at = null;
        values.closed_at = null;
        values.next_due_at = nextDueAt({
          isOpen: true,
          firstRespondedAt: row.first_responded_at === null ? null : Number(row.first_responded_at),
          firstResponseDueAt: row.first_response_due_at === null ? null : Number(row.first_response_due_at),
          resolutionDueAt: row.resolution_due_at === null ? null : Number(row.resolution_due_at),
          dueAt: row.due_at === null ? null : Number(row.due_at),
        });
      }
      await repo.updateTicket(trx, row.org_id, row.id, values);
      const changes: Activity[] = [{ field: 'comment', old_value: null, new_value: 'email' }];
      if (to !== from) changes.push({ field: 'status', old_value: from, new_value: to });
      await writeActivities(trx, row, null, changes, at);
    });
    await notify(
      'replied',
      { id: row.id, tkid: row.tkid, number: Number(row.number), title: row.title, orgId: row.org_id },
      { userId: null, person: null },
      await followersOf(row),
    );
    return { tkid: row.tkid, cmid, created: false };
  };

  // SLA policies -----------------------------------------------------------------------------------

  const slaPolicies = async (principal: Principal): Promise<TicketSlaPolicy[]> => {
    const stored = await repo.findSlaPolicies(db, principal.orgId);
    return ticketPriorityValues.map((priority) => {
      const row = stored.find((candidate) => candidate.priority === priority);
      return row
        ? {
            priority,
            firstResponseMinutes: row.first_response_minutes,
            resolutionMinutes: row.resolution_minutes,
            warnMinutes: row.warn_minutes,
            updatedAt: Number(row.updated_at),
          }
        : { priority, ...defaultSlaPolicies[priority], updatedAt: null };
    });
  };

  /** Applies to tickets created (or re-prioritised) from now on. */
  const saveSlaPolicies = async (
    principal: Principal,
    policies: {
      priority: TicketPriority;
      firstResponseMinutes: number;
      resolutionMinutes: number;
      warnMinutes: number;
    }[],
  ): Promise<TicketSlaPolicy[]> => {
    await db.transaction().execute((trx) => repo.saveSlaPolicies(trx, principal.orgId, policies, now()));
    return slaPolicies(principal);
  };

  // Templates --------------------------------------------------------------------------------------

  const toTemplate = (row: NonNullable<Awaited<ReturnType<typeof repo.findTemplate>>>): TicketTemplate => ({
    ttid: row.ttid,
    name: row.name,
    preset: parseJson<TicketTemplate['preset']>(row.preset, {
      title: '',
      description: '',
      priority: 'medium',
      type: 'external',
      category: null,
      wid: null,
    }),
    fields: parseJson<TicketCustomField[]>(row.fields, []),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  });

  const templates = async (principal: Principal): Promise<TicketTemplate[]> =>
    (await repo.listTemplates(db, principal.orgId)).map(toTemplate);

  const saveTemplate = async (principal: Principal, body: TicketTemplateBody): Promise<TicketTemplate> => {
    await resolveCategory(principal.orgId, body.preset.category, 'preset.category');
    await resolveWorkgroup(principal.orgId, body.preset.wid, 'preset.wid');
    const preset = { ...body.preset, description: sanitizeRichText(body.preset.description) };
    const at = now();
    if (body.ttid && !(await repo.findTemplate(db, principal.orgId, body.ttid)))
      throw AppError.notFound('ticket.templateNotFound', { ttid: body.ttid });
    const sameName = await repo.findTemplateByName(db, principal.orgId, body.name);
    if (sameName && sameName.ttid !== body.ttid)
      throw AppError.conflict('ticket.templateNameTaken', { params: { name: body.name } });
    const ttid = body.ttid ?? createPublicId();
    if (body.ttid)
      await repo.updateTemplate(db, principal.orgId, ttid, {
        name: body.name,
        preset: JSON.stringify(preset),
        fields: JSON.stringify(body.fields),
        updated_at: at,
      });
    else
      await repo.insertTemplate(db, {
        ttid,
        org_id: principal.orgId,
        name: body.name,
        preset: JSON.stringify(preset),
        fields: JSON.stringify(body.fields),
        created_at: at,
        updated_at: at,
      });
    const row = await repo.findTemplate(db, principal.orgId, ttid);
    if (!row) throw AppError.notFound('ticket.templateNotFound', { ttid });
    return toTemplate(row);
  };

  const deleteTemplate = async (principal: Principal, ttid: string): Promise<void> => {
    const result = await repo.deleteTemplate(db, principal.orgId, ttid);
    if (Number(result.numDeletedRows) === 0) throw AppError.notFound('ticket.templateNotFound', { ttid });
  };

  // Notices ----------------------------------------------------------------------------------------

  const notices = async (
    principal: Principal,
    query: { page: number; size: number },
  ): Promise<Page<TicketNotice>> => {
    const { rows, total } = await repo.pageNotices(
      db,
      principal.orgId,
      principal.userId,
      query.page,
      query.size,
    );
    return toPage(
      rows.map((row) => ({
        nid: row.nid,
        kind: row.kind as TicketNotice['kind'],
        tkid: row.tkid,
        ticketNumber: formatTicketNumber(Number(row.number)),
        title: row.title,
        actor: person(row.uid, row.nickname, row.avatar),
        read: row.read_at !== null,
        createdAt: Number(row.created_at),
      })),
      total,
      query,
    );
  };

  const readNotices = async (principal: Principal, nids: string[]): Promise<void> => {
    await repo.markNoticesRead(db, principal.orgId, principal.userId, nids, now());
  };

  // Statistics -------------------------------------------------------------------------------------

  const statistics = async (
    principal: Principal,
    range: { from: number; to: number; source?: TicketSource },
  ): Promise<TicketStatistic> => {
    if (range.to < range.from || range.to - range.from > 366 * dayMs)
      throw invalid('ticket.statisticRange', 'to');
    const rows = await repo.listTicketsForStatistics(db, principal.orgId, range.from, range.to, range.source);
    const at = now();
    const inRange = rows.filter((row) => Number(row.created_at) >= range.from);
    const finishedAt = (row: (typeof rows)[number]) =>
      row.resolved_at !== null
        ? Number(row.resolved_at)
        : row.closed_at !== null
          ? Number(row.closed_at)
          : null;
    const byDay: TicketStatistic['byDay'] = [];
    for (let day = Math.floor(range.from / dayMs) * dayMs; day <= range.to; day += dayMs) {
      const end = day + dayMs;
      byDay.push({
        date: new Date(day).toISOString().slice(0, 10),
        created: rows.filter((row) => Number(row.created_at) >= day && Number(row.created_at) < end).length,
        resolved: rows.filter(
          (row) =>
            row.resolved_at !== null && Number(row.resolved_at) >= day && Number(row.resolved_at) < end,
        ).length,
        backlog: rows.filter((row) => {
          const finished = finishedAt(row);
          return Number(row.created_at) < end && (finished === null || finished >= end);
        }).length,
      });
    }
    const countBy = (
      key: (row: (typeof rows)[number]) => [string, string] | null,
      order: readonly string[] = [],
    ) => {
      const counts = new Map<string, { key: string; label: string; count: number }>();
      for (const row of inRange) {
        const [id, label] = key(row) ?? ['', ''];
        const entry = counts.get(id) ?? { key: id, label, count: 0 };
        entry.count += 1;
        counts.set(id, entry);
      }
      const list = [...counts.values()];
      return order.length > 0
        ? order.map((id) => counts.get(id) ?? { key: id, label: id, count: 0 })
        : list.sort((a, b) => b.count - a.count);
    };
    const withTarget = inRange.filter(
      (row) => row.first_response_due_at !== null || row.resolution_due_at !== null,
    );
    const breached = withTarget.filter((row) => {
      const flags = breaches(row, at);
      return flags.firstResponseBreached || flags.resolutionBreached;
    });
    return {
      byDay,
      byStatus: countBy((row) => [row.status, row.status], ticketStatusValues),
      byPriority: countBy((row) => [row.priority, row.priority], ticketPriorityValues),
      byAssignee: countBy((row) =>
        row.assignee_uid ? [row.assignee_uid, row.assignee_nickname ?? ''] : null,
      ),
      byGroup: countBy((row) =>
        row.workgroup_wid ? [row.workgroup_wid, row.workgroup_nickname ?? ''] : null,
      ),
      medianFirstResponseMs: median(
        inRange
          .filter((row) => row.first_responded_at !== null)
          .map((row) => Number(row.first_responded_at) - Number(row.created_at)),
      ),
      medianResolutionMs: median(
        inRange
          .filter((row) => row.resolved_at !== null)
          .map((row) => Number(row.resolved_at) - Number(row.created_at)),
      ),
      slaBreachRate: withTarget.length === 0 ? null : breached.length / withTarget.length,
      total: inRange.length,
    };
  };

  type ExportRow = {
    dimension: string;
    item: string;
    value: number | string;
    resolved: number | null;
    backlog: number | null;
  };

  /**
   * The statistics as one sheet (lib/excel): a summary, then created / resolved / backlog per day,
   * then the counts by status, priority, assignee and group — the figures the page charts.
   */
  const statisticsExport = async (
    principal: Principal,
    range: { from: number; to: number; source?: TicketSource },
    language: Language,
  ): Promise<{ content: Buffer; rows: number; fileName: string }> => {
    const data = await statistics(principal, range);
    const say = (key: MessageKey) => translate(key, language);
    const minutes = (ms: number | null) => (ms === null ? '' : Math.round(ms / 600) / 100);
    const counts = (
      dimension: MessageKey,
      list: TicketStatistic['byStatus'],
      label: (key: string, label: string) => string,
    ) =>
      list.map((entry): ExportRow => ({
        dimension: say(dimension),
        item: label(entry.key, entry.label),
        value: entry.count,
        resolved: null,
        backlog: null,
      }));
    const summary = (item: MessageKey, value: number | string): ExportRow => ({
      dimension: say('ticket.export.summary'),
      item: say(item),
      value,
      resolved: null,
      backlog: null,
    });
    const rows: ExportRow[] = [
      summary('ticket.export.total', data.total),
      summary('ticket.export.medianFirstResponse', minutes(data.medianFirstResponseMs)),
      summary('ticket.export.medianResolution', minutes(data.medianResolutionMs)),
      summary(
        'ticket.export.slaBreachRate',
        data.slaBreachRate === null ? '' : `${Math.round(data.slaBreachRate * 1000) / 10}%`,
      ),
      ...data.byDay.map((day): ExportRow => ({
        dimension: say('ticket.export.byDay'),
        item: day.date,
        value: day.created,
        resolved: day.resolved,
        backlog: day.backlog,
      })),
      ...counts('ticket.export.byStatus', data.byStatus, (key) => say(`ticket.status.${key}` as MessageKey)),
      ...counts('ticket.export.byPriority', data.byPriority, (key) =>
        say(`ticket.priority.${key}` as MessageKey),
      ),
      ...counts('ticket.export.byAssignee', data.byAssignee, (_, label) => label || say('ticket.noAssignee')),
      ...counts('ticket.export.byGroup', data.byGroup, (_, label) => label || say('ticket.export.noGroup')),
    ];
    const content = await writeWorkbook({
      sheetName: say('ticket.export.sheet'),
      columns: [
        { header: say('ticket.export.dimension'), width: 18, value: (row: ExportRow) => row.dimension },
        { header: say('ticket.export.item'), width: 32, value: (row: ExportRow) => row.item },
        { header: say('ticket.export.value'), width: 14, value: (row: ExportRow) => row.value },
        { header: say('ticket.export.resolved'), width: 12, value: (row: ExportRow) => row.resolved },
        { header: say('ticket.export.backlog'), width: 12, value: (row: ExportRow) => row.backlog },
      ],
      rows,
    });
    return { content, rows: rows.length, fileName: `${say('ticket.export.fileName')}.xlsx` };
  };

  return {
    create,
    createFromThread,
    createFromFeedback,
    createFromVisitor,
    get,
    page,
    update,
    transition,
    assign,
    bulk,
    watch,
    comment,
    rotateInboundSecret,
    inboundInfo,
    receiveMail,
    slaPolicies,
    saveSlaPolicies,
    templates,
    saveTemplate,
    deleteTemplate,
    notices,
    readNotices,
    statistics,
    statisticsExport,
  };
};

export type TicketService = ReturnType<typeof createTicketService>;
