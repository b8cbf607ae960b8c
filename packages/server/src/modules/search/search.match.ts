import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../../db/database.js';

/*
 * Full-text match queries per dialect, over token strings from search.tokens.ts. Every token must
 * be present (AND): for Chinese that keeps a query's characters in order, for words it narrows
 * like a search box should. Tokens are letters, digits and marks only, so quoting each one as an
 * FTS5 string (or handing them to plainto_tsquery) cannot change the query's meaning.
 */

/** The FTS5 MATCH expression requiring every token. */
export const ftsMatchExpression = (tokens: string[]): string => tokens.map((token) => `"${token}"`).join(' ');

/** The PostgreSQL tsquery requiring every token ('simple' configuration: no stemming, like FTS5 here). */
export const tsQueryOf = (tokens: string[]): RawBuilder<unknown> =>
  sql`plainto_tsquery('simple', ${tokens.join(' ')})`;

/** The tsvector of a token string, as the index holds it. */
export const tsVectorOf = (tokens: RawBuilder<unknown> | string): RawBuilder<unknown> =>
  sql`to_tsvector('simple', ${tokens})`;

export type MatchDialect = DialectName;
