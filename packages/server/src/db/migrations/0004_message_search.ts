import { sql, type Kysely } from 'kysely';
import { toSearchTokens } from '../../modules/search/search.tokens.js';
import type { DialectName } from '../database.js';

/**
 * Full-text search of messages (issue 4, kefu → message) that works for Chinese: `message_search`
 * holds each text message's tokens (records/message-search.tokens.ts) as one space-separated
 * string. SQLite indexes it with an FTS5 table (rowid = message.id); PostgreSQL with a GIN index
 * on `to_tsvector('simple', tokens)`. Text messages stored before this migration are indexed here.
 */
export const up = async (db: Kysely<unknown>, dialect: DialectName): Promise<void> => {
  if (dialect === 'sqlite') {
    // unicode61 keeps each token whole (CJK characters are letters to it); no diacritic folding,
    // so both databases match the same things.
    await sql`create virtual table message_search using fts5(tokens, org_id unindexed, tokenize = 'unicode61 remove_diacritics 0')`.execute(
      db,
    );
    // A virtual table cannot carry a foreign key: drop index rows with their message (also on cascades).
    await sql`create trigger message_search_after_delete after delete on message begin delete from message_search where rowid = old.id; end`.execute(
      db,
    );
  } else {
    await sql`create table message_search (
      message_id bigint primary key references message(id) on delete cascade,
      org_id bigint not null references organization(id) on delete cascade,
      tokens text not null
    )`.execute(db);
    await sql`create index message_search_tokens_idx on message_search using gin (to_tsvector('simple', tokens))`.execute(
      db,
    );
    await sql`create index message_search_org_idx on message_search (org_id)`.execute(db);
  }

  const batchSize = 500;
  let lastId = 0;
  for (;;) {
    const { rows } = await sql<{ id: number | string; org_id: number | string; content: string }>`
      select id, org_id, content from message
      where type = 'text' and status <> 'recall' and content <> '' and id > ${lastId}
      order by id limit ${batchSize}`.execute(db);
    for (const row of rows) {
      const tokens = toSearchTokens(row.content).join(' ');
      if (tokens === '') continue;
      if (dialect === 'sqlite')
        await sql`insert into message_search (rowid, tokens, org_id) values (${Number(row.id)}, ${tokens}, ${Number(row.org_id)})`.execute(
          db,
        );
      else
        await sql`insert into message_search (message_id, org_id, tokens) values (${Number(row.id)}, ${Number(row.org_id)}, ${tokens})`.execute(
          db,
        );
    }
    if (rows.length < batchSize) break;
    lastId = Number(rows[rows.length - 1]?.id);
  }
};
