import type { AgentStatus, PermissionAction, Profile, User } from '@openkefu/contract';

/* Test data for the customer-service pages (imported by tests only). */

export const page = <T>(content: T[], total = content.length, size = 20) => ({
  content,
  totalElements: total,
  totalPages: Math.max(1, Math.ceil(total / size)),
  number: 0,
  size,
  first: true,
  last: total <= size,
  empty: content.length === 0,
});

export const makeUser = (overrides: Partial<User> = {}): User => ({
  uid: 'u-alice',
  username: 'alice',
  nickname: 'Alice',
  realName: 'Alice Liddell',
  avatar: '',
  robot: false,
  enabled: true,
  status: 'online',
  email: 'alice@example.com',
  mobile: '13800000000',
  description: '',
  welcomeTip: '',
  offlineTip: '',
  autoPop: false,
  showTopTip: false,
  topTip: '',
  showForm: false,
  showCollectMobile: false,
  robotCollectMobile: false,
  hideLogo: false,
  maxThreadCount: 10,
  autoCloseMinutes: 30,
  webhook: '',
  webhookLeaveMessage: '',
  robotType: null,
  autoReplyType: 'none',
  autoReplyContent: '',
  validateUntilDate: null,
  balance: 0,
  roles: [{ rid: 'r-agent', value: 'ROLE_WORKGROUP_AGENT', name: 'Agent' }],
  workGroups: [{ wid: 'w-sales', nickname: 'Sales' }],
  subDomain: 'acme',
  organization: { oid: 'o1', name: 'Acme', subDomain: 'acme' },
  lastLoginAt: null,
  createdAt: Date.UTC(2025, 0, 2, 3, 4),
  updatedAt: Date.UTC(2025, 0, 2, 3, 4),
  ...overrides,
});

export const makeAgentStatus = (overrides: Partial<AgentStatus> = {}): AgentStatus => ({
  uid: 'u-alice',
  username: 'alice',
  nickname: 'Alice',
  realName: 'Alice Liddell',
  avatar: '',
  robot: false,
  enabled: true,
  status: 'online',
  autoReplyType: 'none',
  autoReplyContent: '',
  maxThreadCount: 5,
  openThreadCount: 2,
  workGroups: [{ wid: 'w-sales', nickname: 'Sales' }],
  lastLoginAt: null,
  ...overrides,
});

/** An organisation admin whose role grants `actions` on `kefu.account`. */
export const adminWith = (actions: PermissionAction[]): Profile => ({
  uid: 'u-admin',
  username: 'boss',
  nickname: 'Boss',
  avatar: '',
  email: null,
  mobile: null,
  subDomain: 'acme',
  balance: 0,
  validateUntilDate: null,
  roles: [
    {
      rid: 'r-admin',
      value: 'ROLE_ADMIN',
      name: 'Administrator',
      description: '',
      authorities: ['chat'],
      permissions: [
        { permissionId: 'kefu', actionList: ['query'] },
        { permissionId: 'kefu.account', actionList: actions },
        { permissionId: 'kefu.status', actionList: ['query'] },
      ],
    },
  ],
  authorities: ['chat'],
  organization: { oid: 'o1', name: 'Acme', subDomain: 'acme' },
  isPlatformStaff: false,
  isAdminAccount: false,
});

export const ALL_ACCOUNT_ACTIONS: PermissionAction[] = [
  'add',
  'edit',
  'delete',
  'query',
  'get',
  'enable',
  'disable',
];

/** An error answer as the server sends it (DESIGN §3), with optional field errors. */
export const errorResponse = (
  status: number,
  message: string,
  fields?: { field: string; message: string }[],
) =>
  new Response(
    JSON.stringify({
      message,
      status_code: status,
      data: null,
      code: 'CONFLICT',
      ...(fields ? { fields } : {}),
    }),
    { status, headers: { 'Content-Type': 'application/json' } },
  );

export type RecordedRequest = { method: string; path: string; search: string; body: unknown };

export const describeRequest = (request: RecordedRequest) =>
  `${request.method} ${request.path}${request.search}`;
