import { z } from 'zod';
import { authorityKeySchema } from './enums.js';
import { permissionSchema, roleSchema } from './user.js';

/* Platform → roles and authorities (issue 3): what each role grants, edited by platform staff. */

/** GET /api/v1/role/all — every role with its authorities, permissions and how many accounts hold it. */
export const roleDetailSchema = roleSchema.extend({ userCount: z.number().int() });
export type RoleDetail = z.infer<typeof roleDetailSchema>;

/** POST /api/v1/role/update — platform staff. ROLE_SUPER always keeps `internal`. */
export const roleUpdateBodySchema = z.object({
  rid: z.string().trim().min(1).max(64),
  name: z.string().trim().min(1).max(64).optional(),
  description: z.string().trim().max(500).optional(),
  authorities: z.array(authorityKeySchema).max(32).optional(),
  permissions: z.array(permissionSchema).max(500).optional(),
});
export type RoleUpdateBody = z.input<typeof roleUpdateBodySchema>;

/** GET /api/v1/authority/all — each authority key, the menu sections it opens and the roles holding it. */
export const authorityDetailSchema = z.object({
  key: authorityKeySchema,
  menus: z.array(z.object({ name: z.string(), title: z.string(), titleEn: z.string() })),
  roles: z.array(z.string()),
});
export type AuthorityDetail = z.infer<typeof authorityDetailSchema>;
