import {
  languageSchema,
  toPage,
  type Notice,
  type NoticeLevel,
  type Page,
  type PlatformNotice,
  type PlatformNoticeCreateBody,
} from '@openkefu/contract';
import type { Executor } from '../../../db/database.js';
import { AppError } from '../../../http/errors.js';
import { createPublicId } from '../../../lib/ids.js';
import type { MailTransport } from '../../../lib/mail/transport.js';
import { sanitizeRichText } from '../../../lib/richtext/sanitize.js';
import { htmlToPlainText } from '../../../lib/richtext/text.js';
import type { Principal } from '../../auth/auth.service.js';
import type { JobRunner } from '../../job/job.runner.js';
import type { RealtimeHub } from '../../realtime/hub.js';
import { orgAgentsRoom } from '../../realtime/rooms.js';
import '../platform.messages.js';
import { renderNoticeMail } from './notice.mail.js';
import {
  countConsoleUsers,
  countReaders,
  countUnreadOfUser,
  findNotice,
  findNoticeById,
  findOrganizationsBySubDomains,
  insertNotice,
  insertNoticeOrgs,
  insertReads,
  isVisibleTo,
  listAdminEmails,
  listAllOrganizationIds,
  listNoticeOrgIds,
  listOrganizationsOfNotices,
  listUnreadIdsOfUser,
  pageNoticesOfUser,
  pagePlatformNotices,
  withdrawNotice,
  type NoticeRow,
} from './notice.repository.js';

export type PlatformNoticeService = ReturnType<typeof createPlatformNoticeService>;

/** One job finds the organisations, one job per organisation mails its administrators (retried on its own). */
export const noticeFanoutJobKind = 'platform.notice.fanout';
export const noticeMailJobKind = 'platform.notice.mail';

type FanoutPayload = { nid: string };
type MailPayload = { nid: string; orgId: number };

const levelOf = (value: string): NoticeLevel => (value === 'warning' ? 'warning' : 'info');

/**
 * Platform → push: notices from platform staff to every organisation, some, or one. Each lands in
 * the notification centre of the audience's console users (a real-time `notice:new` tells open
 * consoles), and, when asked, is emailed to each organisation's administrators by background jobs.
 * Withdrawing hides it everywhere and stops mails not sent yet.
 */
export const createPlatformNoticeService = (deps: {
  db: Executor;
  hub: RealtimeHub;
  jobs: JobRunner;
  mail: MailTransport;
  now?: () => number;
}) => {
  const { db, hub, jobs, mail } = deps;
  const now = deps.now ?? Date.now;

  const targetOrgIds = async (row: Pick<NoticeRow, 'id' | 'audience'>): Promise<number[]> =>
    row.audience === 'all' ? listAllOrganizationIds(db) : listNoticeOrgIds(db, Number(row.id));

  jobs.register(noticeFanoutJobKind, {
    maxAttempts: 5,
    run: async (payload) => {
      const { nid } = payload as FanoutPayload;
      const row = await findNotice(db, nid);
      if (!row || row.withdrawn_at !== null) return;
      for (const orgId of await targetOrgIds(row))
        await jobs.enqueue({
          kind: noticeMailJobKind,
          orgId,
          payload: { nid, orgId } satisfies MailPayload,
          dedupeKey: `notice-mail:${nid}:${orgId}`,
        });
    },
  });

  jobs.register(noticeMailJobKind, {
    maxAttempts: 6,
    run: async (payload) => {
      const { nid, orgId } = payload as MailPayload;
      const row = await findNotice(db, nid);
      if (!row || row.withdrawn_at !== null) return;
      const notice = { title: row.title, content: row.content, level: levelOf(row.level) };
      for (const admin of await listAdminEmails(db, orgId)) {
        if (!admin.email) continue;
        const language = languageSchema.safeParse(admin.language);
        const rendered = renderNoticeMail(language.success ? language.data : 'en-US', notice, admin.org_name);
        await mail.send({ to: admin.email, ...rendered });
      }
    },
  });

  const load = async (nid: string): Promise<NoticeRow> => {
    const row = await findNotice(db, nid);
    if (!row) throw AppError.notFound('platform.notice.notFound', { nid });
    return row;
  };

  const toPlatformNotices = async (rows: NoticeRow[]): Promise<PlatformNotice[]> => {
    const ids = rows.map((row) => Number(row.id));
    const [readers, organizations] = await Promise.all([
      countReaders(db, ids),
      listOrganizationsOfNotices(db, ids),
    ]);
    return rows.map((row) => ({
      nid: row.nid,
      title: row.title,
      content: row.content,
      level: levelOf(row.level),
      audience: row.audience === 'orgs' ? 'orgs' : 'all',
      organizations: organizations.get(Number(row.id)) ?? [],
      recipients: Number(row.recipient_count),
      readers: readers.get(Number(row.id)) ?? 0,
      isEmailed: Number(row.send_email) === 1,
      withdrawnAt: row.withdrawn_at === null ? null : Number(row.withdrawn_at),
      createdAt: Number(row.created_at),
    }));
  };

  const create = async (
    principal: Principal,
    body: PlatformNoticeCreateBody & { level: NoticeLevel; subDomains: string[]; sendEmail: boolean },
  ): Promise<PlatformNotice> => {
    const content = sanitizeRichText(body.content);
    if (htmlToPlainText(content).trim() === '' && !/<img\b/i.test(content))
      throw AppError.badRequest('platform.notice.emptyContent', {
        fields: [{ field: 'content', message: 'is empty once unsafe markup is removed' }],
      });
    let orgIds: number[] | null = null;
    if (body.audience === 'orgs') {
      const wanted = [...new Set(body.subDomains)];
      const found = await findOrganizationsBySubDomains(db, wanted);
      const known = new Set(found.map((org) => org.sub_domain));
      const unknown = wanted.filter((subDomain) => !known.has(subDomain));
      if (unknown.length > 0)
        throw AppError.badRequest('platform.notice.unknownOrganizations', {
          params: { subDomains: unknown.join(', ') },
          fields: [{ field: 'subDomains', message: `no organisation ${unknown.join(', ')}` }],
        });
      orgIds = found.map((org) => Number(org.id));
    }
    const nid = createPublicId();
    const at = now();
    await db.transaction().execute(async (trx) => {
      const id = await insertNotice(trx, {
        nid,
        title: body.title,
        content,
        level: body.level,
        audience: body.audience,
        authorId: principal.userId,
        recipients: await countConsoleUsers(trx, orgIds),
        sendEmail: body.sendEmail,
        now: at,
      });
      if (orgIds) await insertNoticeOrgs(trx, id, orgIds);
      if (body.sendEmail)
        await jobs.enqueue(
          {
            kind: noticeFanoutJobKind,
            orgId: null,
            payload: { nid } satisfies FanoutPayload,
            dedupeKey: `notice:${nid}`,
          },
          trx,
        );
    });
    const rooms = (orgIds ?? (await listAllOrganizationIds(db))).map(orgAgentsRoom);
    hub.emit(rooms, 'notice:new', { nid, title: body.title, level: body.level, createdAt: at });
    const [notice] = await toPlatformNotices([await load(nid)]);
    return notice as PlatformNotice;
  };

  const page = async (query: {
    keyword?: string;
    state?: 'active' | 'withdrawn';
    page: number;
    size: number;
  }): Promise<Page<PlatformNotice>> => {
    const { rows, total } = await pagePlatformNotices(db, query);
    return toPage(await toPlatformNotices(rows), total, query);
  };

  const withdraw = async (nid: string): Promise<PlatformNotice> => {
    const row = await load(nid);
    if (row.withdrawn_at !== null)
      throw AppError.conflict('platform.notice.alreadyWithdrawn', { params: { nid } });
    await withdrawNotice(db, Number(row.id), now());
    const reloaded = await findNoticeById(db, Number(row.id));
    const [notice] = await toPlatformNotices(reloaded ? [reloaded] : []);
    return notice as PlatformNotice;
  };

  /* ---- the notification centre of a console user ---- */

  const userOf = (principal: Principal) => ({ orgId: principal.orgId, userId: principal.userId });

  const inbox = async (
    principal: Principal,
    query: { unreadOnly?: boolean; page: number; size: number },
  ): Promise<Page<Notice>> => {
    const { rows, total } = await pageNoticesOfUser(db, userOf(principal), query);
    return toPage(
      rows.map((row) => ({
        nid: row.nid,
        title: row.title,
        content: row.content,
        level: levelOf(row.level),
        read: row.read_at !== null,
        createdAt: Number(row.created_at),
      })),
      total,
      query,
    );
  };

  const unread = async (principal: Principal) => ({ count: await countUnreadOfUser(db, userOf(principal)) });

  const markRead = async (principal: Principal, nid: string) => {
    // Another organisation's notice, or a withdrawn one, reads as missing.
    if (!(await isVisibleTo(db, userOf(principal), nid)))
      throw AppError.notFound('platform.notice.notFound', { nid });
    await insertReads(db, principal.userId, await listUnreadIdsOfUser(db, userOf(principal), [nid]), now());
    return unread(principal);
  };

  const markAllRead = async (principal: Principal) => {
    await insertReads(db, principal.userId, await listUnreadIdsOfUser(db, userOf(principal), null), now());
    return unread(principal);
  };

  return { create, page, withdraw, inbox, unread, markRead, markAllRead };
};
