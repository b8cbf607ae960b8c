import type { PermissionAction } from '@openkefu/contract';

/** The CRM's permission ids (`crm.list.<action>`), as the server guards each call. */
export const crmPermission = (action: PermissionAction): string => `crm.list.${action}`;
