import type { MenuCreateBody, MenuItem, MenuType } from '@openkefu/contract';

/** The create/edit form's values (ProForm gives switches as booleans and a cleared select as undefined). */
export type MenuFormValues = {
  parentId?: string | null;
  name: string;
  title: string;
  titleEn?: string;
  path: string;
  component?: string;
  redirect?: string;
  icon?: string;
  type: MenuType;
  order?: number;
  show: boolean;
  hideChildren: boolean;
  debugOnly: boolean;
  adminOnly: boolean;
};

/** Same rules as the contract's schema (kept as regexes so zod stays off the page). */
export const MENU_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]*$/;
export const MENU_PATH_PATTERN = /^(\/|https?:\/\/)/i;

export const emptyMenuForm: MenuFormValues = {
  parentId: null,
  name: '',
  title: '',
  titleEn: '',
  path: '/',
  component: '',
  redirect: '',
  icon: '',
  type: 'item',
  order: 0,
  show: true,
  hideChildren: false,
  debugOnly: false,
  adminOnly: false,
};

export const toMenuFormValues = (item: MenuItem): MenuFormValues => ({
  parentId: item.parentId,
  name: item.name,
  title: item.title,
  titleEn: item.titleEn,
  path: item.path,
  component: item.component,
  redirect: item.redirect,
  icon: item.icon,
  type: item.type,
  order: item.order,
  show: item.show,
  hideChildren: item.hideChildren,
  debugOnly: item.debugOnly,
  adminOnly: item.adminOnly,
});

export const toMenuBody = (values: MenuFormValues): MenuCreateBody => ({
  parentId: values.parentId || null,
  name: values.name.trim(),
  title: values.title.trim(),
  titleEn: values.titleEn?.trim() ?? '',
  path: values.path.trim(),
  component: values.component?.trim() ?? '',
  redirect: values.redirect?.trim() ?? '',
  icon: values.icon ?? '',
  type: values.type,
  order: values.order ?? 0,
  show: values.show,
  hideChildren: values.hideChildren,
  debugOnly: values.debugOnly,
  adminOnly: values.adminOnly,
});
