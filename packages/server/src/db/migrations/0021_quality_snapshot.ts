import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Issue 16, quality inspection:
 * - `scheme_snapshot`: the scheme an inspection was scored with (name, description, pass mark,
 *   criteria with their check items, version time) as JSON, so editing the scheme later changes
 *   neither past scores nor their statistics, missed items or detail view. Inspections scored before this migration take the
 *   scheme as it is now (the best record there is).
 * - Roles and menu of an existing installation follow the new defaults (fresh databases are seeded
 *   with them): agents read their own results (the `quality` section and its results item open to
 *   `chat`, with query/get), and checkers only read schemes and sampling rules. Rows an operator
 *   changed from the seeded values are left alone.
 */
export const up = async (db: Kysely<unknown>, dialect: DialectName): Promise<void> => {
  await db.schema.alterTable('quality_inspection').addColumn('scheme_snapshot', 'text').execute();

  const snapshot =
    dialect === 'postgres'
      ? sql`json_build_object('name', s.name, 'description', s.description, 'passMark', s.pass_mark,
          'criteria', s.criteria::json, 'updatedAt', s.updated_at)::text`
      : sql`json_object('name', s.name, 'description', s.description, 'passMark', s.pass_mark,
          'criteria', json(s.criteria), 'updatedAt', s.updated_at)`;
  await sql`
    update quality_inspection
    set scheme_snapshot = (select ${snapshot} from quality_scheme s where s.id = quality_inspection.scheme_id)
    where status <> 'pending'
  `.execute(db);

  await sql`
    update menu set authorities = '["quality","chat"]'
    where name in ('quality', 'quality.result') and authorities = '["quality"]'
  `.execute(db);

  const actions = '["query","get"]';
  for (const permissionId of ['quality', 'quality.result']) {
    await sql`
      insert into role_permission (role_id, permission_id, action_list)
      select r.id, cast(${permissionId} as text), cast(${actions} as text) from role r
      where r.value = 'ROLE_WORKGROUP_AGENT'
        and exists (select 1 from menu m where m.name = ${permissionId})
        and not exists (
          select 1 from role_permission p where p.role_id = r.id and p.permission_id = ${permissionId}
        )
    `.execute(db);
  }
  await sql`
    update role_permission set action_list = ${actions}
    where permission_id = 'quality.setting'
      and action_list = '["add","edit","query","get","export"]'
      and role_id in (select id from role where value = 'ROLE_WORKGROUP_CHECKER')
  `.execute(db);
};
