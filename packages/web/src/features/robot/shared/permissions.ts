import type { PermissionAction } from '@openkefu/contract';

/*
 * The robot section's menu items and their permissions (`robot.<item>.<action>`), as the server
 * guards each call (modules/robot/robot.routes.ts). Robot accounts themselves are people of the
 * organisation: their create, edit and delete are guarded by `kefu.account` like agents'.
 */
export type RobotItem = 'list' | 'faq' | 'synonym' | 'stopword' | 'transfer' | 'quickbutton';

export const robotPermission = (item: RobotItem, action: PermissionAction): string =>
  `robot.${item}.${action}`;

export const accountPermission = (action: PermissionAction): string => `kefu.account.${action}`;
