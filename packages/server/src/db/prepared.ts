import { CompiledQuery, type Compilable } from 'kysely';
import type { Executor } from './database.js';

/*
 * Kysely builds an operation tree and compiles it to SQL on every call; for a small query that costs
 * more than SQLite takes to run it (issue 18's profile: a quarter of an authenticated request). A
 * query whose shape never changes is therefore built once per dialect with stand-in values, and
 * each call runs the same SQL with its own values in the stand-ins' places.
 */

const slotKey = Symbol('prepared query slot');

/** A stand-in value: an object Kysely passes through as a parameter, recognised by identity. */
type Slot = { readonly [slotKey]: number };

type Prepared = { sql: string; parameters: readonly unknown[]; slots: (number | -1)[] };

/**
 * Prepares a query of fixed shape. `build` receives stand-ins for its arguments and may use each
 * only as a plain value (a comparison's right side, an inserted or updated value, limit/offset):
 * not in `in` lists, not in branches that change the query's shape, not in JavaScript computations.
 * Returns a runner that takes the executor (the database or a transaction) and the values.
 */
export const prepareQuery = <Args extends unknown[], Row>(
  arity: Args['length'],
  build: (db: Executor, ...args: Args) => Compilable<Row>,
) => {
  // Keyed by the dialect adapter, which a transaction shares with its database.
  const byAdapter = new WeakMap<object, Prepared>();

  const prepare = (db: Executor): Prepared => {
    const adapter = db.getExecutor().adapter;
    const cached = byAdapter.get(adapter);
    if (cached) return cached;
    const stand = Array.from({ length: arity }, (_, index): Slot => Object.freeze({ [slotKey]: index }));
    const compiled = build(db, ...(stand as unknown as Args)).compile();
    const slots = compiled.parameters.map((value) =>
      typeof value === 'object' && value !== null && slotKey in value ? (value as Slot)[slotKey] : -1,
    );
    const seen = new Set(slots.filter((slot) => slot >= 0));
    if (seen.size !== arity)
      throw new Error(`prepareQuery: ${arity - seen.size} argument(s) did not become parameters`);
    const prepared = { sql: compiled.sql, parameters: compiled.parameters, slots };
    byAdapter.set(adapter, prepared);
    return prepared;
  };

  return async (db: Executor, ...args: Args): Promise<Row[]> => {
    const { sql, parameters, slots } = prepare(db);
    const values = slots.map((slot, index) => (slot >= 0 ? args[slot] : parameters[index]));
    const result = await db.executeQuery<Row>(CompiledQuery.raw(sql, values) as CompiledQuery<Row>);
    return result.rows;
  };
};
