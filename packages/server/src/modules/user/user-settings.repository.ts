import type { Executor } from '../../db/database.js';

/** Columns of `user_setting`, one per switch of spec §3 "Per-user settings". */
export type SettingColumn =
  'preview' | 'connected' | 'disconnected' | 'history_messages' | 'wechat_pay' | 'alipay';

export type SettingsRow = Record<SettingColumn, number>;

/** The row a user has before changing anything; keep in sync with migration 0002's defaults. */
export const defaultSettingsRow: SettingsRow = {
  preview: 1,
  connected: 1,
  disconnected: 1,
  history_messages: 1,
  wechat_pay: 0,
  alipay: 0,
};

/** Settings are keyed by the signed-in user's own id, never by an id from the client. */
export const findSettingsOfUser = async (db: Executor, userId: number): Promise<SettingsRow | undefined> =>
  db
    .selectFrom('user_setting')
    .select(['preview', 'connected', 'disconnected', 'history_messages', 'wechat_pay', 'alipay'])
    .where('user_id', '=', userId)
    .executeTakeFirst();

export const saveSetting = async (
  db: Executor,
  userId: number,
  column: SettingColumn,
  isOn: boolean,
  now: number,
): Promise<void> => {
  const value = isOn ? 1 : 0;
  await db
    .insertInto('user_setting')
    .values({ ...defaultSettingsRow, user_id: userId, [column]: value, updated_at: now })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ [column]: value, updated_at: now }))
    .execute();
};
