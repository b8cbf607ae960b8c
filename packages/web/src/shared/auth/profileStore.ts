import { useSyncExternalStore } from 'react';
import type { PermissionAction, Profile } from '@openkefu/contract';

/**
 * The signed-in user's profile (spec §3 "Current user info"). The shell sets it after
 * `GET /api/user/profile`; logout clears it. Kept outside React so the HTTP client and the
 * permission checks can read it without a provider.
 */
let currentProfile: Profile | null = null;
const listeners = new Set<() => void>();

export const getProfile = (): Profile | null => currentProfile;

export const setProfile = (profile: Profile | null): void => {
  if (profile === currentProfile) return;
  currentProfile = profile;
  for (const listener of listeners) listener();
};

export const subscribeProfile = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const useProfile = (): Profile | null =>
  useSyncExternalStore(subscribeProfile, getProfile, getProfile);

/**
 * Spec §6: a check has the form `permissionId.action`; it passes when any of the user's roles
 * holds a permission with that id whose action list includes the action.
 */
export const hasPermission = (
  profile: Pick<Profile, 'roles'> | null | undefined,
  permissionId: string,
  action: PermissionAction | string,
): boolean =>
  profile?.roles.some((role) =>
    role.permissions.some(
      (permission) =>
        permission.permissionId === permissionId &&
        (permission.actionList as readonly string[]).includes(action),
    ),
  ) ?? false;

/** Splits `kefu.account.delete` into `['kefu.account', 'delete']` (the action is the last segment). */
export const splitPermission = (permission: string): [permissionId: string, action: string] => {
  const index = permission.lastIndexOf('.');
  return index <= 0 ? [permission, ''] : [permission.slice(0, index), permission.slice(index + 1)];
};

/** `can(profile, 'kefu.account.delete')`. */
export const can = (profile: Pick<Profile, 'roles'> | null | undefined, permission: string): boolean => {
  const [permissionId, action] = splitPermission(permission);
  return action !== '' && hasPermission(profile, permissionId, action);
};
