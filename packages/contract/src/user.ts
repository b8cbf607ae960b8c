import { z } from 'zod';
import { authorityKeySchema, permissionActionSchema, roleValueSchema } from './enums.js';

export const permissionSchema = z.object({
  /** The menu item name it guards, e.g. `kefu.account`. */
  permissionId: z.string(),
  actionList: z.array(permissionActionSchema),
});
export type Permission = z.infer<typeof permissionSchema>;

export const roleSchema = z.object({
  rid: z.string(),
  value: roleValueSchema,
  name: z.string(),
  description: z.string(),
  authorities: z.array(authorityKeySchema),
  permissions: z.array(permissionSchema),
});
export type Role = z.infer<typeof roleSchema>;

export const organizationSchema = z.object({
  oid: z.string(),
  name: z.string(),
  subDomain: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;

/** GET /api/user/profile — spec §3 "Current user info" plus the organisation. */
export const profileSchema = z.object({
  uid: z.string(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  subDomain: z.string(),
  balance: z.number(),
  validateUntilDate: z.string().nullable(),
  roles: z.array(roleSchema),
  authorities: z.array(authorityKeySchema),
  organization: organizationSchema,
  /** True for platform staff (ROLE_SUPER). */
  isPlatformStaff: z.boolean(),
  /** True when the username equals ADMIN_ACCOUNT (spec §6 admin-only menu items). */
  isAdminAccount: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;
