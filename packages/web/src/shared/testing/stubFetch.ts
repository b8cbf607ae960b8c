import { vi } from 'vitest';
import type { PermissionAction, Profile } from '@openkefu/contract';
import { jsonResponse } from './renderWithProviders';

/* A recording fetch and API answers for page tests (imported by tests only). */

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

/** A page object (DESIGN §3) holding `content`. */
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

/** An error answer as the server sends it (DESIGN §3), with optional field errors. */
export const errorResponse = (
  status: number,
  message: string,
  fields?: { field: string; message: string }[],
  code = status === 400 ? 'BAD_REQUEST' : status === 404 ? 'NOT_FOUND' : 'CONFLICT',
) =>
  new Response(
    JSON.stringify({ message, status_code: status, data: null, code, ...(fields ? { fields } : {}) }),
    { status, headers: { 'Content-Type': 'application/json' } },
  );

/** An organisation admin whose role grants `actions` on each of `permissionIds`. */
export const adminWithPermissions = (
  permissions: Record<string, PermissionAction[]>,
  overrides: Partial<Profile> = {},
): Profile => ({
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
  ...overrides,
});
