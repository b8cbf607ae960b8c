import {
  toPage,
  type Announcement,
  type announcementSaveBodySchema,
  type Page,
  type pageQuerySchema,
} from '@openkefu/contract';
import type { z } from 'zod';
import type { Executor } from '../../../db/database.js';
import { AppError } from '../../../http/errors.js';
import { createPublicId } from '../../../lib/ids.js';
import { sanitizeRichText } from '../../../lib/richtext/sanitize.js';
import {
  deleteAnnouncement,
  findAnnouncement,
  insertAnnouncement,
  listCurrentAnnouncements,
  pageAnnouncements,
  updateAnnouncement,
  type AnnouncementRow,
} from './announcement.repository.js';

const toAnnouncement = (row: AnnouncementRow): Announcement => ({
  anid: row.anid,
  title: row.title,
  content: row.content,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  onLoginPage: row.on_login_page === 1,
  enabled: row.enabled === 1,
  createdAt: row.created_at,
});

/**
 * Every console asks for the active announcements on load: they are read from memory. A save here
 * drops this node's copy at once; other nodes' copies live at most `cacheMs`.
 */
const cacheMs = 60_000;

export type AnnouncementService = ReturnType<typeof createAnnouncementService>;

/** The platform's announcements: managed by platform staff, shown in consoles and on the sign-in page. */
export const createAnnouncementService = (deps: { db: Executor; now?: () => number }) => {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  let cached: { rows: AnnouncementRow[]; loadedAt: number } | null = null;

  const current = async (): Promise<AnnouncementRow[]> => {
    const at = now();
    if (!cached || at - cached.loadedAt >= cacheMs)
      cached = { rows: await listCurrentAnnouncements(db, at), loadedAt: at };
    return cached.rows.filter((row) => row.starts_at <= at && at < row.ends_at);
  };

  /** Enabled and running now: the console's banner. */
  const active = async (): Promise<Announcement[]> => (await current()).map(toAnnouncement);

  /** The ones also shown on the sign-in page (no sign-in needed to read them). */
  const onLoginPage = async (): Promise<Announcement[]> =>
    (await current()).filter((row) => row.on_login_page === 1).map(toAnnouncement);

  const page = async (query: z.output<typeof pageQuerySchema>): Promise<Page<Announcement>> => {
    const result = await pageAnnouncements(db, query);
    return toPage(result.rows.map(toAnnouncement), result.total, query);
  };

  const load = async (anid: string): Promise<AnnouncementRow> => {
    const row = await findAnnouncement(db, anid);
    if (!row) throw AppError.notFound('announcement.notFound', { anid });
    return row;
  };

  const save = async (body: z.output<typeof announcementSaveBodySchema>): Promise<Announcement> => {
    const at = now();
    const values = {
      title: body.title,
      content: sanitizeRichText(body.content),
      starts_at: body.startsAt,
      ends_at: body.endsAt,
      on_login_page: body.onLoginPage ? 1 : 0,
      enabled: body.enabled ? 1 : 0,
      updated_at: at,
    };
    const anid = body.anid ?? createPublicId();
    if (body.anid) await updateAnnouncement(db, (await load(body.anid)).id, values);
    else await insertAnnouncement(db, { ...values, anid, created_at: at });
    cached = null;
    return toAnnouncement(await load(anid));
  };

  const remove = async (anid: string): Promise<void> => {
    await deleteAnnouncement(db, (await load(anid)).id);
    cached = null;
  };

  return { active, onLoginPage, page, save, remove };
};
