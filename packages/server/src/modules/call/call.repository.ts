import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { CallTable } from '../../db/schema.js';

export type CallRow = Selectable<CallTable>;

export const insertCall = async (db: Executor, row: Insertable<CallTable>): Promise<CallRow> =>
  db.insertInto('call').values(row).returningAll().executeTakeFirstOrThrow();

export const findCallByCid = (db: Executor, orgId: number, cid: string) =>
  db.selectFrom('call').selectAll().where('org_id', '=', orgId).where('cid', '=', cid).executeTakeFirst();

/** A party's ringing or active calls (any organisation's ids are distinct, so no org filter is needed). */
export const findLiveCalls = (db: Executor, party: { agentId?: number; visitorId?: number }) => {
  let query = db.selectFrom('call').selectAll().where('state', '!=', 'ended');
  if (party.agentId !== undefined) query = query.where('agent_id', '=', party.agentId);
  if (party.visitorId !== undefined) query = query.where('visitor_id', '=', party.visitorId);
  return query.execute();
};

/** Ringing → active; false when the call no longer rings (ended or answered elsewhere). */
export const markAnswered = async (db: Executor, id: number, at: number): Promise<boolean> => {
  const result = await db
    .updateTable('call')
    .set({ state: 'active', answered_at: at })
    .where('id', '=', id)
    .where('state', '=', 'ringing')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/**
 * Ends a call unless it already ended (or, with `onlyIf`, unless it is no longer in that state);
 * the row as ended, or undefined when another node or party ended it first.
 */
export const markEnded = async (
  db: Executor,
  id: number,
  end: { at: number; by: string; reason: string; onlyIf?: 'ringing' | 'active' },
): Promise<CallRow | undefined> => {
  let query = db
    .updateTable('call')
    .set({ state: 'ended', ended_at: end.at, ended_by: end.by, end_reason: end.reason })
    .where('id', '=', id);
  query = end.onlyIf ? query.where('state', '=', end.onlyIf) : query.where('state', '!=', 'ended');
  const result = await query.executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return db.selectFrom('call').selectAll().where('id', '=', id).executeTakeFirst();
};
