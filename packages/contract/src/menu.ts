import { z } from 'zod';
import { authorityKeySchema } from './enums.js';
import { queryBooleanSchema } from './envelope.js';

export const menuTypeSchema = z.enum(['section', 'item', 'route']);
export type MenuType = z.infer<typeof menuTypeSchema>;

export const menuPlatformSchema = z.string().trim().min(1).max(32).default('kefu');

type MenuItemBase = {
  mid: string;
  /** Unique key, also the permissionId that guards the page: `kefu` or `kefu.account`. */
  name: string;
  key: string;
  parentId: string | null;
  /** zh-CN label (the spec's Chinese label). */
  title: string;
  /** en-US label. */
  titleEn: string;
  icon: string;
  order: number;
  path: string;
  show: boolean;
  hideChildren: boolean;
  component: string;
  redirect: string;
  type: MenuType;
  authorities: z.infer<typeof authorityKeySchema>[];
  debugOnly: boolean;
  adminOnly: boolean;
  platform: string;
};
export type MenuItem = MenuItemBase;
export type MenuNode = MenuItemBase & { children: MenuNode[] };

export const menuItemSchema = z.object({
  mid: z.string(),
  name: z.string(),
  key: z.string(),
  parentId: z.string().nullable(),
  title: z.string(),
  titleEn: z.string(),
  icon: z.string(),
  order: z.number().int(),
  path: z.string(),
  show: z.boolean(),
  hideChildren: z.boolean(),
  component: z.string(),
  redirect: z.string(),
  type: menuTypeSchema,
  authorities: z.array(authorityKeySchema),
  debugOnly: z.boolean(),
  adminOnly: z.boolean(),
  platform: z.string(),
});

export const menuNodeSchema: z.ZodType<MenuNode> = menuItemSchema.extend({
  children: z.lazy(() => z.array(menuNodeSchema)),
});

export const menuListQuerySchema = z.object({
  platform: menuPlatformSchema,
  client: z.string().max(32).optional(),
});

/** Path of a route: an absolute console path or an http(s) address that opens in a new tab. */
const menuPathSchema = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .regex(/^(\/[A-Za-z0-9_\-/:.]*|https?:\/\/\S+)$/, 'must start with / or http(s)://');

/** Authorities arrive as an array or as a comma-separated string (the original console sent both). */
const authoritiesInputSchema = z
  .union([z.array(authorityKeySchema), z.string().max(512)])
  .transform((value, ctx) => {
    if (Array.isArray(value)) return value;
    const parts = value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const parsed = z.array(authorityKeySchema).safeParse(parts);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: 'contains an unknown authority key' });
      return z.NEVER;
    }
    return parsed.data;
  });

export const menuCreateBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, 'letters, digits, dot, dash and underscore, starting with a letter'),
  parentId: z.string().trim().max(64).nullable().optional(),
  icon: z.string().trim().max(64).default(''),
  title: z.string().trim().min(1).max(64),
  titleEn: z.string().trim().max(64).optional(),
  order: z.coerce.number().int().min(0).max(100_000).default(0),
  path: menuPathSchema,
  show: queryBooleanSchema.default(true),
  hideChildren: queryBooleanSchema.default(false),
  component: z.string().trim().max(128).default(''),
  redirect: z.union([menuPathSchema, z.literal('')]).default(''),
  type: menuTypeSchema.default('item'),
  authorities: authoritiesInputSchema.default([]),
  debugOnly: queryBooleanSchema.default(false),
  adminOnly: queryBooleanSchema.default(false),
  platform: menuPlatformSchema,
  client: z.string().max(32).optional(),
});
export type MenuCreateBody = z.input<typeof menuCreateBodySchema>;

export const menuUpdateBodySchema = menuCreateBodySchema.extend({ mid: z.string().trim().min(1).max(64) });
export type MenuUpdateBody = z.input<typeof menuUpdateBodySchema>;

export const menuDeleteSchema = z.object({
  mid: z.string().trim().min(1).max(64),
  platform: z.string().max(32).optional(),
  client: z.string().max(32).optional(),
});

export const menuQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
  platform: menuPlatformSchema,
  client: z.string().max(32).optional(),
});

export const menuFilterQuerySchema = menuQuerySchema.extend({
  /** Matched against name, title, titleEn and path. */
  content: z.string().trim().max(64).default(''),
});
