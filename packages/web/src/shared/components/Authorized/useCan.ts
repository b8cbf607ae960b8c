import { useCallback } from 'react';
import { can, useProfile } from '../../auth/profileStore';

/**
 * `const canDo = useCan(); canDo('kefu.account.delete')` — spec §5/§6: an action button is
 * removed when the user's roles do not grant `permissionId.action`.
 */
export const useCan = (): ((permission: string) => boolean) => {
  const profile = useProfile();
  return useCallback((permission: string) => can(profile, permission), [profile]);
};
