import { afterEach, beforeEach, vi } from 'vitest';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { jsonResponse } from '../../../shared/testing/renderWithProviders';
import { makeUser, page, type RecordedRequest } from '../shared/testFixtures';

/* A stubbed API for the account page tests (imported by tests only). */

export const alice = makeUser({
  roles: [{ rid: 'r-wadmin', value: 'ROLE_WORKGROUP_ADMIN', name: 'Workgroup admin' }],
});
export const bob = makeUser({
  uid: 'u-bob',
  username: 'bob',
  nickname: 'Bob',
  realName: '',
  email: null,
  mobile: '13900000000',
  enabled: false,
  status: 'offline',
  workGroups: [],
});
export const robot = makeUser({
  uid: 'u-robot',
  username: 'robot-1',
  nickname: 'Helper bot',
  realName: '',
  robot: true,
  robotType: 'before',
  email: null,
  mobile: null,
  roles: [],
  workGroups: [{ wid: 'w-support', nickname: 'Support' }],
  description: 'Answers FAQs',
});
export const workgroups = [
  { wid: 'w-sales', nickname: 'Sales' },
  { wid: 'w-support', nickname: 'Support' },
];

export type TestServer = {
  requests: RecordedRequest[];
  /** Answers a request differently when it returns a Response. */
  answer?: (request: RecordedRequest) => Response | undefined;
  posts: (path: string) => RecordedRequest[];
};

/** Installs the stubbed fetch before each test of the calling file and resets profile and language after. */
export const installTestServer = (): TestServer => {
  const server: TestServer = {
    requests: [],
    posts: (path) => server.requests.filter((r) => r.method === 'POST' && r.path === path),
  };
  beforeEach(() => {
    server.requests = [];
    server.answer = undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
        const request = { method: init?.method ?? 'GET', path: url.pathname, search: url.search, body };
        server.requests.push(request);
        const override = server.answer?.(request);
        if (override) return override;
        if (url.pathname === '/api/user/query') {
          const username = url.searchParams.get('username');
          const rows = [alice, bob].filter((user) => !username || user.username.includes(username));
          return jsonResponse(page(rows, username ? rows.length : 42));
        }
        if (url.pathname === '/api/user/robot') return jsonResponse(page([robot]));
        if (url.pathname === '/api/workgroup/all') return jsonResponse(workgroups);
        if (request.method === 'POST') return jsonResponse(null);
        return jsonResponse(null, 404);
      }),
    );
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    setProfile(null);
    await changeLanguage('en-US');
  });
  return server;
};
