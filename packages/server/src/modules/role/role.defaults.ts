import {
  authorityKeys,
  permissionActions,
  type AuthorityKey,
  type Permission,
  type PermissionAction,
  type RoleValue,
} from '@openkefu/contract';
import { menuSeed } from '../menu/menu.seed.js';

export type DefaultRole = {
  value: RoleValue;
  name: string;
  description: string;
  authorities: AuthorityKey[];
  /** Actions granted on a menu item (`item` undefined: the section itself) the role can see. */
  actionsFor: (section: string, item?: string) => PermissionAction[];
};

const allActions = (): PermissionAction[] => [...permissionActions];
const everythingButInternal = authorityKeys.filter((key) => key !== 'internal');

const tenantAdmin = (value: RoleValue, name: string, description: string): DefaultRole => ({
  value,
  name,
  description,
  authorities: everythingButInternal,
  actionsFor: allActions,
});

/**
 * The twelve roles of spec §3 with their default authorities. `internal` opens the platform
 * section and is held by platform staff (ROLE_SUPER) only: tenant roles never get it, because
 * it lets its holder see across organisations.
 */
export const defaultRoles: DefaultRole[] = [
  {
    value: 'ROLE_SUPER',
    name: 'Platform super admin',
    description: 'Platform staff: every authority, including the platform section.',
    authorities: [...authorityKeys],
    actionsFor: allActions,
  },
  tenantAdmin('ROLE_ADMIN', 'Administrator', 'Owner of an organisation: everything in the console.'),
  tenantAdmin('ROLE_VIP', 'VIP administrator', 'Paying organisation admin: everything in the console.'),
  tenantAdmin('ROLE_TRY', 'Trial administrator', 'Organisation admin on a trial: everything in the console.'),
  tenantAdmin('ROLE_PROXY', 'Reseller administrator', 'Reseller admin: everything in the console.'),
  tenantAdmin(
    'ROLE_FREE',
    'Free administrator',
    'Organisation admin on the free plan: everything in the console.',
  ),
  {
    value: 'ROLE_WORKGROUP_ADMIN',
    name: 'Workgroup admin',
    description: 'Runs skill groups, agents and service content; no channels, call centre or platform.',
    authorities: everythingButInternal.filter((key) => key !== 'admin' && key !== 'callcenter'),
    actionsFor: allActions,
  },
  {
    value: 'ROLE_WORKGROUP_AGENT',
    name: 'Agent',
    description:
      'Serves visitors: chat, sessions, history, visitors, CRM, own settings, feedback and tickets.',
    authorities: ['home', 'chat', 'thread', 'history', 'visitor', 'crm', 'setting', 'feedback', 'workorder'],
    // Agents see their colleagues and skill groups but only admins change them; in quality they
    // read their own results (the appeal needs no action: it is the agent's own).
    actionsFor: (section, item) =>
      (section === 'kefu' && (item === 'account' || item === 'group')) || section === 'quality'
        ? ['query', 'get']
        : ['add', 'edit', 'query', 'get'],
  },
  {
    value: 'ROLE_WORKGROUP_CHECKER',
    name: 'Quality checker',
    description: 'Reviews sessions and history and scores them; reads statistics.',
    authorities: ['home', 'thread', 'history', 'quality', 'statistic'],
    // Issue 16: a checker scores and decides appeals; schemes and sampling rules are the admins'.
    actionsFor: (section, item) =>
      section !== 'quality'
        ? ['query', 'get', 'export']
        : item === 'setting'
          ? ['query', 'get']
          : ['add', 'edit', 'query', 'get', 'export'],
  },
  {
    value: 'ROLE_MEMBER',
    name: 'Member',
    description: 'Registered end user; no console access.',
    authorities: [],
    actionsFor: () => [],
  },
  {
    value: 'ROLE_VISITOR',
    name: 'Visitor',
    description: 'Anonymous chat visitor; no console access.',
    authorities: [],
    actionsFor: () => [],
  },
  {
    value: 'ROLE_ROBOT',
    name: 'Robot',
    description: 'Robot account answering visitors; no console access.',
    authorities: [],
    actionsFor: () => [],
  },
];

/**
 * Default permissions of a role: every seeded menu section and item whose authorities the role
 * holds, keyed by the menu item name (the permissionId the console checks, spec §6).
 */
export const buildDefaultPermissions = (role: DefaultRole): Permission[] => {
  const held = new Set(role.authorities);
  const permissions: Permission[] = [];
  for (const section of menuSeed) {
    if (!section.authorities.some((authority) => held.has(authority))) continue;
    const actionList = role.actionsFor(section.key);
    if (actionList.length === 0) continue;
    permissions.push({ permissionId: section.key, actionList });
    for (const item of section.items) {
      if (item.authorities && !item.authorities.some((authority) => held.has(authority))) continue;
      const itemActions = role.actionsFor(section.key, item.key);
      if (itemActions.length > 0)
        permissions.push({ permissionId: `${section.key}.${item.key}`, actionList: itemActions });
    }
  }
  return permissions;
};
