import {
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

type ColumnRow = {
  table: string;
  table_type: string;
  column: string;
  type: string;
  not_null: boolean;
  has_default: boolean;
  is_identity: boolean;
};

/**
 * Kysely's PostgreSQL introspector reads every schema's catalogue and calls
 * `pg_get_serial_sequence` on each column it meets; with a schema per test file (or per
 * deployment) in one database, another schema's concurrent migration makes that read fail
 * ("column … does not exist", "cache lookup failed"). This one reads only the current schema,
 * which nobody else alters, and only plain catalogue columns.
 */
export class CurrentSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(this.#db);
    return rows.filter((row) => row.name !== null);
  }

  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow & { schema: string }>`
      select c.relname as "table", c.relkind as table_type, ns.nspname as "schema",
             a.attname as "column", t.typname as "type", a.attnotnull as not_null,
             a.atthasdef as has_default, a.attidentity <> '' as is_identity
        from pg_catalog.pg_namespace ns
        join pg_catalog.pg_class c on c.relnamespace = ns.oid
        join pg_catalog.pg_attribute a on a.attrelid = c.oid
        join pg_catalog.pg_type t on t.oid = a.atttypid
       where ns.nspname = current_schema()
         and c.relkind in ('r', 'v', 'p')
         and a.attnum > 0 and not a.attisdropped
       order by c.relname, a.attnum`.execute(this.#db);
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && row.table.startsWith('kysely_migration')) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.table_type === 'v', columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        isNullable: !row.not_null,
        isAutoIncrementing: row.is_identity,
        hasDefaultValue: row.has_default,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** The PostgreSQL dialect with the introspector above (used by the migrator). */
export class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
