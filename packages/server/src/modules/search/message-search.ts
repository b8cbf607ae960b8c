import { sql, type RawBuilder } from 'kysely';
import type { DialectName, Executor } from '../../db/database.js';
import type { MessageIndexer } from '../message/message.service.js';
import { ftsMatchExpression, tsQueryOf, tsVectorOf } from './search.match.js';
import { toSearchTokens } from './search.tokens.js';

/*
 * The message search index of migration 0004 (tokens: search.tokens.ts). The table is dialect-specific (an FTS5 virtual table
 * on SQLite, a table with a GIN index on PostgreSQL), so these queries are raw SQL; both take the
 * organisation, and the records queries join the result back to `message` scoped by org_id again.
 */

export type IndexedMessage = { messageId: number; orgId: number; content: string };

/**
 * (Re)indexes one stored text message; text without any word or character leaves it unindexed.
 * `isNew`: the message was just inserted (ids are never reused), so there is no old entry to replace.
 */
export const indexMessageText = async (
  db: Executor,
  dialect: DialectName,
  { messageId, orgId, content }: IndexedMessage,
  { isNew = false }: { isNew?: boolean } = {},
): Promise<void> => {
  const tokens = toSearchTokens(content).join(' ');
  if (dialect === 'sqlite') {
    // FTS5 has no upsert on rowid: replace by hand so a re-index never duplicates.
    if (!isNew) await sql`delete from message_search where rowid = ${messageId}`.execute(db);
    if (tokens !== '')
      await sql`insert into message_search (rowid, tokens, org_id) values (${messageId}, ${tokens}, ${orgId})`.execute(
        db,
      );
    return;
  }
  if (tokens === '') {
    await sql`delete from message_search where message_id = ${messageId}`.execute(db);
    return;
  }
  await sql`insert into message_search (message_id, org_id, tokens) values (${messageId}, ${orgId}, ${tokens})
    on conflict (message_id) do update set tokens = excluded.tokens, org_id = excluded.org_id`.execute(db);
};

/**
 * The message service's hook (services.ts): every newly stored text message goes into the index,
 * one at a time, or as rows of a batch's own statement (message.batch.ts writes them with these tokens).
 */
export const createMessageIndexer = (dialect: DialectName): MessageIndexer => ({
  index: (db, message) => indexMessageText(db, dialect, message, { isNew: true }),
  tokensOf: (content) => toSearchTokens(content).join(' '),
});

/**
 * A subquery of the ids of the organisation's messages holding every token of `tokens` (from
 * toSearchTokens), for `message.id in (…)`. Tokens are letters, digits and marks only, so quoting
 * each as an FTS5 string cannot change the query's meaning.
 */
export const matchingMessageIds = (
  dialect: DialectName,
  orgId: number,
  tokens: string[],
): RawBuilder<number> => {
  if (dialect === 'sqlite') {
    return sql<number>`(select rowid from message_search where message_search match ${ftsMatchExpression(tokens)} and org_id = ${orgId})`;
  }
  return sql<number>`(select message_id from message_search where org_id = ${orgId}
    and ${tsVectorOf(sql.ref('tokens'))} @@ ${tsQueryOf(tokens)})`;
};
