import type { ReactNode } from 'react';
import { useCan } from './useCan';

export type CanProps = {
  /** `permissionId.action`, e.g. `kefu.account.delete`. */
  permission: string;
  /** Rendered instead when the permission is missing; nothing by default (the element is removed). */
  fallback?: ReactNode;
  children?: ReactNode;
};

export const Can = ({ permission, fallback = null, children }: CanProps) => {
  const canDo = useCan();
  return <>{canDo(permission) ? children : fallback}</>;
};
