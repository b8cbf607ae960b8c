import type { Generated } from 'kysely';

/**
 * Kysely table types. The same shapes hold on SQLite and PostgreSQL because the migrations only
 * use types both return alike: timestamps are epoch milliseconds (bigint, parsed to number on
 * PostgreSQL), flags are integers 0/1 (SQLite has no boolean and better-sqlite3 cannot bind one),
 * lists are JSON text, money is integer cents.
 */

export type OrganizationTable = {
  id: Generated<number>;
  oid: string;
  name: string;
  sub_domain: string;
  /** The admin account that registered it; no FK because user rows reference the organisation first. */
  owner_user_id: number | null;
  created_at: number;
  updated_at: number;
};

export type UserTable = {
  id: Generated<number>;
  uid: string;
  org_id: number;
  username: string;
  password_hash: string;
  nickname: string;
  avatar: Generated<string>;
  email: string | null;
  mobile: string | null;
  real_name: Generated<string>;
  description: Generated<string>;
  enabled: Generated<number>;
  is_robot: Generated<number>;
  balance_cents: Generated<number>;
  validate_until_date: string | null;
  deleted_at: number | null;
  created_at: number;
  updated_at: number;
};

export type RoleTable = {
  id: Generated<number>;
  rid: string;
  value: string;
  name: string;
  description: string;
  created_at: number;
  updated_at: number;
};

export type RoleAuthorityTable = {
  role_id: number;
  authority: string;
};

export type RolePermissionTable = {
  role_id: number;
  permission_id: string;
  /** JSON array of permission actions. */
  action_list: string;
};

export type UserRoleTable = {
  user_id: number;
  role_id: number;
};

export type AccessTokenTable = {
  id: Generated<number>;
  jti: string;
  user_id: number;
  client_id: string;
  scope: string;
  /** sha256 of the bearer token: a leaked table does not yield usable tokens. */
  access_hash: string;
  refresh_hash: string;
  access_expires_at: number;
  refresh_expires_at: number;
  revoked_at: number | null;
  created_at: number;
};

export type VerificationCodeTable = {
  id: Generated<number>;
  channel: string;
  address: string;
  purpose: string;
  code_hash: string;
  attempts: number;
  expires_at: number;
  last_sent_at: number;
  consumed_at: number | null;
  created_at: number;
};

export type MenuTable = {
  id: Generated<number>;
  mid: string;
  platform: string;
  name: string;
  parent_id: number | null;
  title: string;
  title_en: string;
  icon: string;
  sort_order: number;
  path: string;
  show: number;
  hide_children: number;
  component: string;
  redirect: string;
  type: string;
  /** JSON array of authority keys. */
  authorities: string;
  debug_only: number;
  admin_only: number;
  created_at: number;
  updated_at: number;
};

export type Database = {
  organization: OrganizationTable;
  user: UserTable;
  role: RoleTable;
  role_authority: RoleAuthorityTable;
  role_permission: RolePermissionTable;
  user_role: UserRoleTable;
  access_token: AccessTokenTable;
  verification_code: VerificationCodeTable;
  menu: MenuTable;
};
