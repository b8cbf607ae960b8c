import type { Executor } from '../../db/database.js';
import { createPublicId } from '../../lib/ids.js';
import { bumpRobotRevision, insertWord } from './robot.repository.js';
import { keyOf } from './robot.service.js';

/**
 * What a visitor types to ask for a person, in both of the console's languages. Every new
 * organisation (and the seeded one) starts with these, so a hand-over by keyword works before
 * anyone opens the transfer-keyword page; they are ordinary rows the admin may edit or delete.
 */
export const defaultTransferKeywords: readonly string[] = ['人工', '转人工', 'human', 'agent'];

/** Runs in the caller's transaction (registration, seed) for an organisation that has no words yet. */
export const seedRobotDefaults = async (db: Executor, input: { orgId: number; now: number }) => {
  for (const word of defaultTransferKeywords)
    await insertWord(db, {
      rwid: createPublicId(),
      orgId: input.orgId,
      kind: 'transfer',
      word,
      key: keyOf(word),
      synonyms: [],
      now: input.now,
    });
  await bumpRobotRevision(db, input.orgId);
};
