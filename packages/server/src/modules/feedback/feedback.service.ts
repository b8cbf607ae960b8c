import {
  toPage,
  type Client,
  type Feedback,
  type FeedbackCategory,
  type FeedbackCreateBody,
  type FeedbackQuery,
  type FeedbackStatistic,
  type FeedbackStatus,
  type HelpFeedbackBody,
  type Language,
  type Page,
  type VisitorFeedback,
} from '@openkefu/contract';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { translate } from '../../http/i18n.js';
import { createPublicId } from '../../lib/ids.js';
import type { RateLimiter } from '../../lib/limiter.js';
import type { Storage } from '../../lib/storage/storage.js';
import type { Principal } from '../auth/auth.service.js';
import './feedback.messages.js';
import {
  findFeedbackByFid,
  findImages,
  listFeedbackForStatistic,
  listFeedbackOfVisitor,
  pageFeedback,
  type FeedbackRow,
} from './feedback.repository.js';

/**
 * TICKET INTEGRATION POINT. Converting feedback to a ticket is the ticket module's job; the
 * feedback module only hands the feedback over and records the ticket id it gets back. Wire it
 * where the routes are registered (app.ts), e.g.
 *   app.register(feedbackRoutes, { ticketSink: async (input, language) => {
 *     const ticket = await app.services.tickets.createFromFeedback({ orgId: input.orgId,
 *       actorUserId: input.actorUserId, feedbackId: input.fid, title: input.title,
 *       description: input.description, email: input.email, phone: input.phone,
 *       customerId: input.customerId }, language);
 *     return { ticketId: ticket.tkid };
 *   } })
 * Without a sink, conversion answers 409 and nothing changes.
 */
export type FeedbackTicketInput = {
  orgId: number;
  actorUserId: number;
  fid: string;
  title: string;
  description: string;
  email: string;
  phone: string;
  customerId: string | null;
  imagePaths: string[];
};
export type FeedbackTicketSink = (
  input: FeedbackTicketInput,
  language: Language,
) => Promise<{ ticketId: string }>;

/**
 * REPLY EMAIL HOOK. Called after a reply is stored when the visitor left an email address as
 * contact; the mail itself (template, transport) belongs to the mail library. A failure is
 * logged by the caller and never undoes the stored reply.
 */
export type FeedbackReplyMailer = (input: {
  orgId: number;
  fid: string;
  to: string;
  content: string;
  reply: string;
  language: Language;
}) => Promise<void>;

/** Visitors' feedback per visitor (or help-centre address) in a window: generous for people, not for scripts. */
export const feedbackRateRule = { limit: 5, windowSeconds: 600 };
/** Per address across visitors, so new visitor tokens do not reset the count. */
export const feedbackIpRule = { limit: 30, windowSeconds: 3600 };
/** Image uploads of the help centre's form per address: four for each feedback feedbackRateRule allows. */
export const feedbackImageRule = { limit: 20, windowSeconds: 600 };

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const dayMs = 86_400_000;

type StoredImage = { aid: string; key: string; thumbKey: string | null };

const parseImages = (text: string): StoredImage[] => {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as StoredImage[]) : [];
  } catch {
    return [];
  }
};

const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

export type FeedbackService = ReturnType<typeof createFeedbackService>;

export const createFeedbackService = (deps: {
  db: Executor;
  storage: Pick<Storage, 'url'>;
  limiter: RateLimiter;
  ticketSink?: FeedbackTicketSink;
  replyMailer?: FeedbackReplyMailer;
  /** Where a failed reply mail is reported (the stored reply stands). */
  onMailError?: (error: unknown) => void;
  now?: () => number;
}) => {
  const { db, storage, limiter } = deps;
  const now = deps.now ?? Date.now;

  const imagesOf = (row: FeedbackRow) =>
    parseImages(row.images).map((image) => ({
      aid: image.aid,
      path: storage.url(image.key),
      thumbPath: image.thumbKey ? storage.url(image.thumbKey) : null,
    }));

  const toFeedback = (row: FeedbackRow): Feedback => ({
    fid: row.fid,
    category: row.category as FeedbackCategory,
    content: row.content,
    images: imagesOf(row),
    contact: row.contact,
    url: row.url,
    browser: row.browser,
    source: row.source === 'help' ? 'help' : 'widget',
    status: row.status as FeedbackStatus,
    reply: row.reply,
    repliedAt: row.replied_at === null ? null : Number(row.replied_at),
    replier: row.replier_uid ? { uid: row.replier_uid, nickname: row.replier_nickname ?? '' } : null,
    closedAt: row.closed_at === null ? null : Number(row.closed_at),
    ticketId: row.ticket_id,
    visitor: row.visitor_vid
      ? {
          vid: row.visitor_vid,
          nickname: row.visitor_nickname ?? '',
          avatar: row.visitor_avatar ?? '',
          client: (row.visitor_client ?? 'web') as Client,
        }
      : null,
    customerCid: row.customer_cid,
    createdAt: Number(row.created_at),
  });

  const toVisitorFeedback = (row: FeedbackRow): VisitorFeedback => ({
    fid: row.fid,
    category: row.category as FeedbackCategory,
    content: row.content,
    images: imagesOf(row),
    status: row.status as FeedbackStatus,
    reply: row.reply,
    repliedAt: row.replied_at === null ? null : Number(row.replied_at),
    createdAt: Number(row.created_at),
  });

  const limit = async (keys: { key: string; rule: { limit: number; windowSeconds: number } }[]) => {
    for (const { key, rule } of keys) {
      const state = await limiter.hit(key, rule.windowSeconds);
      if (state.count > rule.limit) throw AppError.rateLimited(state.retryAfter);
    }
  };

  const requireFeedback = async (orgId: number, fid: string): Promise<FeedbackRow> => {
    const row = await findFeedbackByFid(db, orgId, fid);
    if (!row) throw AppError.notFound('feedback.notFound', { fid });
    return row;
  };

  const insert = async (values: {
    orgId: number;
    visitorId: number | null;
    customerId: number | null;
    source: 'widget' | 'help';
    body: HelpFeedbackBody;
    images: StoredImage[];
  }): Promise<string> => {
    const fid = createPublicId();
    const time = now();
    await db
      .insertInto('feedback')
      .values({
        fid,
        org_id: values.orgId,
        visitor_id: values.visitorId,
        customer_id: values.customerId,
        category: values.body.category,
        content: values.body.content,
        images: JSON.stringify(values.images),
        contact: values.body.contact,
        url: values.body.url,
        browser: values.body.browser,
        source: values.source,
        status: 'open',
        created_at: time,
        updated_at: time,
      })
      .execute();
    return fid;
  };

  /**
   * The stored images of `aids`: image uploads of the organisation (the upload routes checked
   * their real type and size). Anything else is a 400 naming `images.<n>`, before anything is stored.
   */
  const checkImages = async (orgId: number, aids: string[]): Promise<StoredImage[]> => {
    const unique = [...new Set(aids)];
    const found = new Map((await findImages(db, orgId, unique)).map((row) => [row.aid, row]));
    return unique.map((aid, index) => {
      const image = found.get(aid);
      if (!image || image.kind !== 'image')
        throw AppError.badRequest('feedback.imageInvalid', {
          params: { aid },
          fields: [{ field: `images.${index}`, message: 'is not an uploaded image' }],
        });
      return { aid, key: image.storage_key, thumbKey: image.thumb_key };
    });
  };

  /** From the widget. Images are aids of the visitor's `POST /visitor/api/upload?kind=image`. */
  const createFromVisitor = async (
    visitor: { visitorId: number; orgId: number },
    body: FeedbackCreateBody,
    ip: string,
  ): Promise<VisitorFeedback> => {
    await limit([
      { key: `feedback:visitor:${visitor.visitorId}`, rule: feedbackRateRule },
      { key: `feedback:ip:${ip}`, rule: feedbackIpRule },
    ]);
    const images = await checkImages(visitor.orgId, body.images);
    const visitorRow = await db
      .selectFrom('visitor')
      .select('customer_id')
      .where('id', '=', visitor.visitorId)
      .where('org_id', '=', visitor.orgId)
      .executeTakeFirst();
    const fid = await insert({
      orgId: visitor.orgId,
      visitorId: visitor.visitorId,
      customerId: visitorRow?.customer_id ?? null,
      source: 'widget',
      body,
      images,
    });
    return toVisitorFeedback(await requireFeedback(visitor.orgId, fid));
  };

  /**
   * From the public help centre (no visitor token); limited per address. Images are aids of
   * `POST /help/:slug/api/feedback/image`, checked like the widget's.
   */
  const createFromHelp = async (
    orgId: number,
    body: HelpFeedbackBody,
    ip: string,
  ): Promise<{ fid: string }> => {
    await limit([
      { key: `feedback:help:${ip}`, rule: feedbackRateRule },
      { key: `feedback:ip:${ip}`, rule: feedbackIpRule },
    ]);
    const images = await checkImages(orgId, body.images);
    return {
      fid: await insert({ orgId, visitorId: null, customerId: null, source: 'help', body, images }),
    };
  };

  /**
   * Counts an image upload from the help centre against its address (four images for each of
   * feedbackRateRule's feedback); 429 past it.
   */
  const limitHelpImage = (ip: string) =>
    limit([{ key: `feedback:help-image:${ip}`, rule: feedbackImageRule }]);

  /** What the widget shows on return: the visitor's feedback with the replies (at most 50). */
  const listOfVisitor = async (visitor: { visitorId: number; orgId: number }): Promise<VisitorFeedback[]> =>
    (await listFeedbackOfVisitor(db, visitor.orgId, visitor.visitorId, 50)).map(toVisitorFeedback);

  const page = async (principal: Principal, query: FeedbackQuery): Promise<Page<Feedback>> => {
    const { rows, total } = await pageFeedback(db, principal.orgId, query);
    return toPage(rows.map(toFeedback), total, query);
  };

  const get = async (principal: Principal, fid: string): Promise<Feedback> =>
    toFeedback(await requireFeedback(principal.orgId, fid));

  /** Stores the reply (a later reply replaces it; the first reply time is kept for the statistics). */
  const reply = async (
    principal: Principal,
    body: { fid: string; reply: string },
    language: Language,
  ): Promise<Feedback> => {
    const row = await requireFeedback(principal.orgId, body.fid);
    if (row.status === 'closed') throw AppError.conflict('feedback.closed');
    const time = now();
    await db
      .updateTable('feedback')
      .set({
        reply: body.reply,
        status: 'replied',
        replied_at: time,
        first_replied_at: row.first_replied_at ?? time,
        replier_id: principal.userId,
        updated_at: time,
      })
      .where('id', '=', row.id)
      .execute();
    if (deps.replyMailer && emailPattern.test(row.contact))
      await deps
        .replyMailer({
          orgId: principal.orgId,
          fid: row.fid,
          to: row.contact,
          content: row.content,
          reply: body.reply,
          language,
        })
        .catch((error: unknown) => deps.onMailError?.(error));
    return get(principal, body.fid);
  };

  const close = async (principal: Principal, fid: string): Promise<Feedback> => {
    const row = await requireFeedback(principal.orgId, fid);
    if (row.status !== 'closed') {
      const time = now();
      await db
        .updateTable('feedback')
        .set({ status: 'closed', closed_at: time, updated_at: time })
        .where('id', '=', row.id)
        .execute();
    }
    return get(principal, fid);
  };

  /**
   * Hands the feedback to the ticket sink and records the ticket id. The conditional update
   * (`ticket_id is null`) keeps two agents converting at once from recording two tickets.
   */
  const convert = async (
    principal: Principal,
    fid: string,
    language: Language,
  ): Promise<{ ticketId: string }> => {
    const row = await requireFeedback(principal.orgId, fid);
    if (row.ticket_id)
      throw AppError.conflict('feedback.alreadyConverted', { params: { ticketId: row.ticket_id } });
    const sink = deps.ticketSink;
    if (!sink) throw AppError.conflict('feedback.ticketUnavailable');
    // Claim the feedback before the ticket exists, so two agents converting at once make one ticket.
    const claim = `pending:${createPublicId()}`;
    const claimed = await db
      .updateTable('feedback')
      .set({ ticket_id: claim })
      .where('id', '=', row.id)
      .where('ticket_id', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) {
      const current = await requireFeedback(principal.orgId, fid);
      throw AppError.conflict('feedback.alreadyConverted', { params: { ticketId: current.ticket_id ?? '' } });
    }
    const excerpt = row.content.replace(/\s+/g, ' ').slice(0, 60);
    let ticketId: string;
    try {
      ({ ticketId } = await sink(
        {
          orgId: principal.orgId,
          actorUserId: principal.userId,
          fid: row.fid,
          title: translate('feedback.ticketTitle', language, { excerpt }),
          description: row.content,
          email: emailPattern.test(row.contact) ? row.contact : '',
          phone: emailPattern.test(row.contact) ? '' : row.contact,
          customerId: row.customer_cid,
          imagePaths: imagesOf(row).map((image) => image.path),
        },
        language,
      ));
    } catch (error) {
      await db
        .updateTable('feedback')
        .set({ ticket_id: null })
        .where('id', '=', row.id)
        .where('ticket_id', '=', claim)
        .execute();
      throw error;
    }
    const time = now();
    await db
      .updateTable('feedback')
      .set({ ticket_id: ticketId, converted_at: time, updated_at: time })
      .where('id', '=', row.id)
      .where('ticket_id', '=', claim)
      .execute();
    return { ticketId };
  };

  /** Feedback created in [from, to]: by category and UTC day, time to the first reply, share converted. */
  const statistic = async (
    principal: Principal,
    range: { from: number; to: number },
  ): Promise<FeedbackStatistic> => {
    if (range.to < range.from || range.to - range.from > 366 * dayMs)
      throw AppError.badRequest('feedback.rangeInvalid', {
        fields: [{ field: 'to', message: 'invalid period' }],
      });
    const rows = await listFeedbackForStatistic(db, principal.orgId, range.from, range.to);
    const byCategory = new Map<FeedbackCategory, number>();
    const byDay = new Map<string, number>();
    const replyTimes: number[] = [];
    let converted = 0;
    for (const row of rows) {
      const category = row.category as FeedbackCategory;
      byCategory.set(category, (byCategory.get(category) ?? 0) + 1);
      const day = new Date(Number(row.created_at)).toISOString().slice(0, 10);
      byDay.set(day, (byDay.get(day) ?? 0) + 1);
      if (row.first_replied_at !== null)
        replyTimes.push(Number(row.first_replied_at) - Number(row.created_at));
      if (row.ticket_id) converted += 1;
    }
    return {
      total: rows.length,
      byCategory: [...byCategory]
        .map(([category, count]) => ({ category, count }))
        .sort((a, b) => b.count - a.count),
      byDay: [...byDay].map(([day, count]) => ({ day, count })).sort((a, b) => a.day.localeCompare(b.day)),
      replied: replyTimes.length,
      replyTimeAvgMs:
        replyTimes.length === 0
          ? null
          : replyTimes.reduce((sum, value) => sum + value, 0) / replyTimes.length,
      replyTimeMedianMs: median(replyTimes),
      converted,
      convertedShare: rows.length === 0 ? 0 : converted / rows.length,
    };
  };

  return {
    createFromVisitor,
    createFromHelp,
    limitHelpImage,
    listOfVisitor,
    page,
    get,
    reply,
    close,
    convert,
    statistic,
  };
};
