import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Core tables: tenancy, users and roles, tokens, verification codes, menus.
 * Only the id columns differ between the dialects (STACK gotcha 8); everything else uses types
 * both databases return the same way (see db/schema.ts).
 */
export const up = async (db: Kysely<unknown>, dialect: DialectName): Promise<void> => {
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  const id = (column: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? column.generatedByDefaultAsIdentity().primaryKey()
      : column.autoIncrement().primaryKey();

  await db.schema
    .createTable('organization')
    .addColumn('id', idType, id)
    .addColumn('oid', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sub_domain', 'text', (c) => c.notNull().unique())
    .addColumn('owner_user_id', idType)
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user')
    .addColumn('id', idType, id)
    .addColumn('uid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, (c) => c.notNull().references('organization.id').onDelete('restrict'))
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('nickname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
    // Unique when set: both databases allow many NULLs under a unique constraint.
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('mobile', 'text', (c) => c.unique())
    .addColumn('real_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_robot', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('balance_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('validate_until_date', 'text')
    .addColumn('deleted_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_org_id_idx').on('user').column('org_id').execute();

  await db.schema
    .createTable('role')
    .addColumn('id', idType, id)
    .addColumn('rid', 'text', (c) => c.notNull().unique())
    .addColumn('value', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('role_authority')
    .addColumn('role_id', idType, (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addColumn('authority', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('role_authority_pk', ['role_id', 'authority'])
    .execute();

  await db.schema
    .createTable('role_permission')
    .addColumn('role_id', idType, (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addColumn('permission_id', 'text', (c) => c.notNull())
    .addColumn('action_list', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('role_permission_pk', ['role_id', 'permission_id'])
    .execute();

  await db.schema
    .createTable('user_role')
    .addColumn('user_id', idType, (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('role_id', idType, (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_role_pk', ['user_id', 'role_id'])
    .execute();
  await db.schema.createIndex('user_role_role_id_idx').on('user_role').column('role_id').execute();

  await db.schema
    .createTable('access_token')
    .addColumn('id', idType, id)
    .addColumn('jti', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', idType, (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('access_hash', 'text', (c) => c.notNull().unique())
    .addColumn('refresh_hash', 'text', (c) => c.notNull().unique())
    .addColumn('access_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('refresh_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('access_token_user_id_idx').on('access_token').column('user_id').execute();

  await db.schema
    .createTable('verification_code')
    .addColumn('id', idType, id)
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('last_sent_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // One live code per address and purpose: a resend replaces it.
    .addUniqueConstraint('verification_code_target_uq', ['channel', 'address', 'purpose'])
    .execute();

  await db.schema
    .createTable('menu')
    .addColumn('id', idType, id)
    .addColumn('mid', 'text', (c) => c.notNull().unique())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // restrict: an item with children cannot be deleted (the service answers 409 first).
    .addColumn('parent_id', idType, (c) => c.references('menu.id').onDelete('restrict'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('show', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('hide_children', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('component', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('redirect', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('authorities', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('debug_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('admin_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('menu_platform_name_uq', ['platform', 'name'])
    .execute();
  await db.schema.createIndex('menu_parent_id_idx').on('menu').column('parent_id').execute();
};
