import type { Executor } from '../../../db/database.js';

const columns = [
  'id',
  'anid',
  'title',
  'content',
  'starts_at',
  'ends_at',
  'on_login_page',
  'enabled',
  'created_at',
] as const;

export type AnnouncementRow = {
  id: number;
  anid: string;
  title: string;
  content: string;
  starts_at: number;
  ends_at: number;
  on_login_page: number;
  enabled: number;
  created_at: number;
};

export type AnnouncementValues = {
  title: string;
  content: string;
  starts_at: number;
  ends_at: number;
  on_login_page: number;
  enabled: number;
  updated_at: number;
};

/** Announcements are the platform's, shown to every organisation: no tenant scope. */
export const pageAnnouncements = async (db: Executor, paging: { page: number; size: number }) => {
  const [countRow, rows] = await Promise.all([
    db
      .selectFrom('announcement')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('announcement')
      .select(columns)
      .orderBy('starts_at', 'desc')
      .orderBy('id', 'desc')
      .limit(paging.size)
      .offset(paging.page * paging.size)
      .execute(),
  ]);
  return { rows, total: Number(countRow.count) };
};

export const findAnnouncement = async (db: Executor, anid: string): Promise<AnnouncementRow | undefined> =>
  db.selectFrom('announcement').select(columns).where('anid', '=', anid).executeTakeFirst();

/** Enabled announcements not over yet, soonest first: the cache filters them by time when read. */
export const listCurrentAnnouncements = async (db: Executor, at: number): Promise<AnnouncementRow[]> =>
  db
    .selectFrom('announcement')
    .select(columns)
    .where('enabled', '=', 1)
    .where('ends_at', '>', at)
    .orderBy('starts_at', 'desc')
    .orderBy('id', 'desc')
    .limit(50)
    .execute();

export const insertAnnouncement = async (
  db: Executor,
  values: AnnouncementValues & { anid: string; created_at: number },
): Promise<void> => {
  await db.insertInto('announcement').values(values).execute();
};

export const updateAnnouncement = async (db: Executor, id: number, values: AnnouncementValues) => {
  await db.updateTable('announcement').set(values).where('id', '=', id).execute();
};

export const deleteAnnouncement = async (db: Executor, id: number) => {
  await db.deleteFrom('announcement').where('id', '=', id).execute();
};
