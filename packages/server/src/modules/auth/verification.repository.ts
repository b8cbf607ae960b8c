import type { Executor } from '../../db/database.js';

export type CodeTarget = { channel: string; address: string; purpose: string };

export type CodeRow = {
  id: number;
  code_hash: string;
  attempts: number;
  expires_at: number;
  last_sent_at: number;
  consumed_at: number | null;
};

export const findCode = async (db: Executor, target: CodeTarget): Promise<CodeRow | undefined> =>
  db
    .selectFrom('verification_code')
    .select(['id', 'code_hash', 'attempts', 'expires_at', 'last_sent_at', 'consumed_at'])
    .where('channel', '=', target.channel)
    .where('address', '=', target.address)
    .where('purpose', '=', target.purpose)
    .executeTakeFirst();

/**
 * Stores a fresh code for the target unless one was sent less than `resendIntervalMs` ago.
 * One statement, so two nodes racing on the same address cannot both send.
 * Returns false when the resend interval has not passed.
 */
export const storeCodeUnlessRecent = async (
  db: Executor,
  code: CodeTarget & { codeHash: string; expiresAt: number; now: number; resendIntervalMs: number },
): Promise<boolean> => {
  const row = await db
    .insertInto('verification_code')
    .values({
      channel: code.channel,
      address: code.address,
      purpose: code.purpose,
      code_hash: code.codeHash,
      attempts: 0,
      expires_at: code.expiresAt,
      last_sent_at: code.now,
      consumed_at: null,
      created_at: code.now,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['channel', 'address', 'purpose'])
        .doUpdateSet({
          code_hash: code.codeHash,
          attempts: 0,
          expires_at: code.expiresAt,
          last_sent_at: code.now,
          consumed_at: null,
        })
        .where('verification_code.last_sent_at', '<=', code.now - code.resendIntervalMs),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
};

export const deleteCode = async (db: Executor, id: number): Promise<void> => {
  await db.deleteFrom('verification_code').where('id', '=', id).execute();
};

export const recordWrongAttempt = async (db: Executor, id: number): Promise<void> => {
  await db
    .updateTable('verification_code')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
};

/** Marks the code used; false when another request consumed it first (codes are single-use). */
export const consumeCode = async (db: Executor, id: number, now: number): Promise<boolean> => {
  const result = await db
    .updateTable('verification_code')
    .set({ consumed_at: now })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};
