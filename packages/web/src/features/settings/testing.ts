import { vi } from 'vitest';
import type { Profile, User, UserSettings, Workgroup } from '@openkefu/contract';
import { jsonResponse } from '../../shared/testing/renderWithProviders';

/* Test fixtures of the settings pages: the signed-in agent and a fetch stub that records calls. */

export const sampleProfile = (overrides: Partial<Profile> = {}): Profile => ({
  uid: 'u-me',
  username: 'ada',
  nickname: 'Ada',
  avatar: '',
  email: 'ada@example.com',
  mobile: null,
  subDomain: 'acme',
  balance: 88.5,
  validateUntilDate: '2031-06-30',
  roles: [
    {
      rid: 'r-agent',
      value: 'ROLE_WORKGROUP_AGENT',
      name: 'Agent',
      description: 'Serves visitors.',
      authorities: ['chat', 'setting'],
      permissions: [
        { permissionId: 'kefu.account', actionList: ['query', 'get'] },
        { permissionId: 'settings.profile', actionList: ['add', 'edit', 'query', 'get'] },
        { permissionId: 'ticket.secret', actionList: [] },
      ],
    },
  ],
  authorities: ['chat', 'setting'],
  organization: { oid: 'o1', name: 'Acme Ltd', subDomain: 'acme' },
  isPlatformStaff: false,
  isAdminAccount: false,
  ...overrides,
});

export const sampleUser = (overrides: Partial<User> = {}): User => ({
  uid: 'u-me',
  username: 'ada',
  nickname: 'Ada',
  realName: 'Ada Lovelace',
  avatar: '',
  robot: false,
  enabled: true,
  status: 'online',
  email: 'ada@example.com',
  mobile: null,
  description: 'Night shift',
  welcomeTip: 'Hello, how can I help?',
  offlineTip: 'I am offline.',
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
  validateUntilDate: '2031-06-30',
  balance: 88.5,
  roles: [{ rid: 'r-agent', value: 'ROLE_WORKGROUP_AGENT', name: 'Agent' }],
  workGroups: [],
  subDomain: 'acme',
  organization: { oid: 'o1', name: 'Acme Ltd', subDomain: 'acme' },
  lastLoginAt: Date.UTC(2030, 0, 2, 3, 4),
  createdAt: Date.UTC(2029, 0, 1),
  updatedAt: Date.UTC(2029, 0, 1),
  ...overrides,
});

export const sampleSettings = (overrides: Partial<UserSettings> = {}): UserSettings => ({
  preview: true,
  connected: false,
  disconnected: false,
  historyMessages: true,
  wechatPay: false,
  alipay: false,
  ...overrides,
});

export const sampleWorkgroup = (overrides: Partial<Workgroup>): Workgroup => ({
  wid: 'w1',
  nickname: 'Pre-sales',
  avatar: '',
  description: '',
  slogan: '',
  routeType: 'robin',
  leaveMessageType: 'default',
  recent: false,
  defaultRobot: false,
  offlineRobot: false,
  robotUid: null,
  forceRate: false,
  autoPop: false,
  showRobotFaq: false,
  showRobotFaqNotFound: false,
  robotAnswerNotFoundTip: '',
  welcomeTip: '',
  acceptTip: '',
  reRequestTip: '',
  robotTip: '',
  offlineTip: '',
  closeTip: '',
  autoCloseTip: '',
  nonWorkingTimeTip: '',
  maxQueueCount: 0,
  maxQueueCountExceedTip: '',
  maxQueueSeconds: 0,
  maxQueueSecondExceedTip: '',
  showTopTip: false,
  topTip: '',
  showForm: false,
  showCollectMobile: false,
  robotCollectMobile: false,
  hideLogo: false,
  showRightColumn: false,
  helpCenterSearch: false,
  workTimes: '',
  autoCloseMinutes: 30,
  users: [],
  admin: null,
  onDutyWorkGroupWid: null,
  webhook: '',
  webhookLeaveMessage: '',
  createdAt: 0,
  updatedAt: 0,
  ...overrides,
});

export type RecordedCall = { method: string; path: string; search: URLSearchParams; body: unknown };

type Handler = (call: RecordedCall) => Response | Promise<Response>;

/**
 * Stubs fetch with handlers keyed `METHOD /path` and records every call (method, path, query,
 * JSON body). Unknown calls answer 404, so a test notices a call it did not expect.
 */
export const stubApi = (handlers: Record<string, Handler>) => {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const call: RecordedCall = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        search: url.searchParams,
        body,
      };
      calls.push(call);
      const handler = handlers[`${call.method} ${call.path}`];
      return handler ? handler(call) : jsonResponse(null, 404);
    }),
  );
  const callsTo = (method: string, path: string) =>
    calls.filter((call) => call.method === method && call.path === path);
  return { calls, callsTo };
};

/** An error envelope as the server sends it. */
export const errorResponse = (
  status: number,
  message: string,
  fields?: { field: string; message: string }[],
  extra: Record<string, unknown> = {},
) =>
  new Response(
    JSON.stringify({
      message,
      status_code: status,
      data: null,
      code: 'X',
      ...(fields ? { fields } : {}),
      ...extra,
    }),
    { status, headers: { 'Content-Type': 'application/json' } },
  );
