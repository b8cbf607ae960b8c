/**
 * The `roles` namespace, en-US: the spec §3 roles by key (names and descriptions) and the other
 * enums the console shows next to them. The server stores English defaults; people read these.
 */
export const rolesEnUS = {
  names: {
    ROLE_SUPER: 'Platform super admin',
    ROLE_ADMIN: 'Administrator',
    ROLE_VIP: 'VIP administrator',
    ROLE_TRY: 'Trial administrator',
    ROLE_PROXY: 'Reseller administrator',
    ROLE_FREE: 'Free administrator',
    ROLE_VISITOR: 'Visitor',
    ROLE_MEMBER: 'Member',
    ROLE_ROBOT: 'Robot',
    ROLE_WORKGROUP_ADMIN: 'Skill group admin',
    ROLE_WORKGROUP_AGENT: 'Agent',
    ROLE_WORKGROUP_CHECKER: 'Quality checker',
  },
  descriptions: {
    ROLE_SUPER: 'Platform staff: every authority, including the platform section.',
    ROLE_ADMIN: 'Owner of an organisation: everything in the console.',
    ROLE_VIP: 'Paying organisation admin: everything in the console.',
    ROLE_TRY: 'Organisation admin on a trial: everything in the console.',
    ROLE_PROXY: 'Reseller admin: everything in the console.',
    ROLE_FREE: 'Organisation admin on the free plan: everything in the console.',
    ROLE_VISITOR: 'Anonymous chat visitor; no console access.',
    ROLE_MEMBER: 'Registered end user; no console access.',
    ROLE_ROBOT: 'Robot account answering visitors; no console access.',
    ROLE_WORKGROUP_ADMIN:
      'Runs skill groups, agents and service content; no channels, call centre or platform.',
    ROLE_WORKGROUP_AGENT:
      'Serves visitors: chat, sessions, history, visitors, CRM, own settings, feedback and tickets.',
    ROLE_WORKGROUP_CHECKER: 'Reviews sessions and history and scores them; reads statistics.',
  },
};

export type RolesMessages = typeof rolesEnUS;
