import { vi } from 'vitest';
import type { Message, PermissionAction, Profile, Thread } from '@openkefu/contract';
import { jsonResponse } from '../../../shared/testing/renderWithProviders';

/* Test data and a recording fetch for the conversation-records pages (imported by tests only). */

export const T0 = Date.UTC(2025, 0, 1, 8, 0, 0);

export const makeThread = (overrides: Partial<Thread> = {}): Thread => ({
  tid: 't-1',
  type: 'workgroup',
  status: 'closed',
  client: 'web',
  visitor: { vid: 'v-ann', nickname: 'Ann', avatar: '', client: 'web' },
  agent: {
    uid: 'u-smith',
    username: 'smith',
    nickname: 'Agent Smith',
    realName: '',
    avatar: '',
    robot: false,
    enabled: true,
    status: 'online',
  },
  workgroup: { wid: 'w-sales', nickname: 'Sales' },
  content: 'Thanks, bye',
  seq: 4,
  unreadCount: 0,
  queuePosition: null,
  closeType: 'agent',
  rated: true,
  leftMessage: false,
  cycle: 1,
  queuedAt: T0,
  startedAt: T0 + 5_000,
  closedAt: T0 + 185_000,
  lastMessageAt: T0 + 180_000,
  createdAt: T0,
  updatedAt: T0 + 185_000,
  ...overrides,
});

export const makeMessage = (overrides: Partial<Message> = {}): Message => ({
  mid: 'm-1',
  tid: 't-1',
  seq: 1,
  type: 'text',
  content: 'Hello',
  imageUrl: '',
  thumbUrl: '',
  fileUrl: '',
  fileName: '',
  fileSize: 0,
  status: 'stored',
  client: 'web',
  localId: '',
  sender: { kind: 'visitor', id: 'v-ann', nickname: 'Ann', avatar: '' },
  createdAt: T0 + 1_000,
  ...overrides,
});

/** An organisation admin whose role grants `actions` on each of `permissionIds`. */
export const adminWithPermissions = (permissions: Record<string, PermissionAction[]>): Profile => ({
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
      permissions: Object.entries(permissions).map(([permissionId, actionList]) => ({
        permissionId,
        actionList,
      })),
    },
  ],
  authorities: ['chat'],
  organization: { oid: 'o1', name: 'Acme', subDomain: 'acme' },
  isPlatformStaff: false,
  isAdminAccount: false,
});

export type Recorded = { method: string; path: string; params: URLSearchParams; body: unknown };

/** Answers by `METHOD /path`; an answer is a Response or data for the success envelope. */
export type Routes = Record<string, (request: Recorded) => Response | unknown>;

/** Stubs fetch with `routes` and returns the requests it saw (unknown paths get a 404). */
export const stubFetch = (routes: Routes): Recorded[] => {
  const seen: Recorded[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const request: Recorded = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        params: url.searchParams,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      seen.push(request);
      const route = routes[`${request.method} ${request.path}`];
      if (!route) return jsonResponse(null, 404);
      const answer = route(request);
      return answer instanceof Response ? answer : jsonResponse(answer);
    }),
  );
  return seen;
};

/** The requests to `path`, as `key=value&…` without the console's `client=web`. */
export const queriesTo = (seen: Recorded[], path: string, method = 'GET'): string[] =>
  seen
    .filter((request) => request.path === path && request.method === method)
    .map((request) => {
      const params = new URLSearchParams(request.params);
      params.delete('client');
      return params.toString();
    });

export const workgroupOptions = [
  { wid: 'w-sales', nickname: 'Sales' },
  { wid: 'w-support', nickname: 'Support' },
];

export const agentOptions = [
  {
    uid: 'u-smith',
    username: 'smith',
    nickname: 'Agent Smith',
    realName: '',
    avatar: '',
    robot: false,
    enabled: true,
    status: 'online',
  },
  {
    uid: 'u-robo',
    username: 'robo',
    nickname: 'Robo',
    realName: '',
    avatar: '',
    robot: true,
    enabled: true,
    status: 'online',
  },
];
