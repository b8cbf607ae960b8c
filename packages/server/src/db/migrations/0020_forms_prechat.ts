import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

// Frozen here (not imported from the contract), so this migration does what it did when released.
const words = {
  en: {
    title: 'Before we start, please tell us a little about yourself',
    name: 'Name',
    mobile: 'Mobile number',
    email: 'Email',
    age: 'Age',
    job: 'Occupation',
  },
  zh: {
    title: '咨询前请先填写以下信息',
    name: '姓名',
    mobile: '手机号',
    email: '邮箱',
    age: '年龄',
    job: '职业',
  },
} as const;
type BuiltinKey = 'name' | 'mobile' | 'email' | 'age' | 'job';
const isBuiltin = (key: unknown): key is BuiltinKey =>
  typeof key === 'string' && ['name', 'mobile', 'email', 'age', 'job'].includes(key);

/**
 * Issue 16, forms: the pre-chat form becomes one use of the form builder. Skill groups point at
 * a builder form to ask before a chat (`prechat_form_id`) and one to send when a chat closes
 * (`afterchat_form_id`); `form_default` holds the organisation's default pre-chat form. Every
 * pre-chat form saved with the issue-5 editor (kind `prechat`) becomes a published builder form
 * (version 1, its fields as items) chosen by the same scope, so nothing saved is lost; built-in
 * items saved without a label and untitled forms get the owner's language's words. Answers given
 * before (`form_answer`) stay where they are and are still read. `form_response.source` says how
 * an answer was given.
 */
export const up = async (db: Kysely<unknown>, dialect: DialectName): Promise<void> => {
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  const id = (column: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? column.generatedByDefaultAsIdentity().primaryKey()
      : column.autoIncrement().primaryKey();

  await db.schema
    .alterTable('workgroup')
    .addColumn('prechat_form_id', idType, (c) => c.references('chat_form.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('workgroup')
    .addColumn('afterchat_form_id', idType, (c) => c.references('chat_form.id').onDelete('set null'))
    .execute();

  await db.schema
    .createTable('form_default')
    .addColumn('id', idType, id)
    .addColumn('org_id', idType, (c) => c.notNull().references('organization.id').onDelete('cascade'))
    // 'prechat' (contract formPurposeValues).
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('form_id', idType, (c) => c.notNull().references('chat_form.id').onDelete('cascade'))
    .addUniqueConstraint('form_default_org_purpose_uq', ['org_id', 'purpose'])
    .execute();

  // page | chat | prechat | afterchat (contract formResponseSourceValues).
  await db.schema
    .alterTable('form_response')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('page'))
    .execute();
  await sql`update form_response set source = 'chat' where thread_id is not null`.execute(db);
  await convertPrechatForms(db);
};

/** Every issue-5 pre-chat form becomes a published builder form chosen by its scope (exported for its test). */
export const convertPrechatForms = async (db: Kysely<unknown>): Promise<void> => {
  const legacy = await sql<{
    id: number;
    org_id: number;
    workgroup_id: number | null;
    title: string;
    fields: string;
    updated_at: number;
    language: string | null;
  }>`select chat_form.id, chat_form.org_id, chat_form.workgroup_id, chat_form.title, chat_form.fields,
       chat_form.updated_at, owner.language
     from chat_form
     join organization on organization.id = chat_form.org_id
     left join "user" owner on owner.id = organization.owner_user_id
     where chat_form.kind = 'prechat'
     order by chat_form.id`.execute(db);
  for (const row of legacy.rows) {
    const said = (row.language ?? '').startsWith('zh') ? words.zh : words.en;
    const items = (JSON.parse(row.fields) as { key?: unknown; label?: unknown }[]).map((item) =>
      !item.label && isBuiltin(item.key) ? { ...item, label: said[item.key] } : item,
    );
    const title = row.title || said.title;
    const at = Number(row.updated_at);
    const fields = JSON.stringify(items);
    const settings = JSON.stringify({ onePerVisitor: false, thankYou: '' });
    await sql`update chat_form set kind = 'survey', title = ${title}, fields = ${fields}, settings = ${settings},
        version = 1, is_changed = 0, published_at = ${at}, workgroup_id = null
      where id = ${row.id}`.execute(db);
    await sql`insert into form_version (org_id, form_id, version, title, description, fields, settings, published_at)
      values (${row.org_id}, ${row.id}, 1, ${title}, '', ${fields}, ${settings}, ${at})`.execute(db);
    if (row.workgroup_id === null)
      await sql`insert into form_default (org_id, purpose, form_id) values (${row.org_id}, 'prechat', ${row.id})`.execute(
        db,
      );
    else
      await sql`update workgroup set prechat_form_id = ${row.id} where id = ${row.workgroup_id}`.execute(db);
  }
};
