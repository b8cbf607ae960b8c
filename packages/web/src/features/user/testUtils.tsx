/** Test helpers for the public pages: a stubbed server and a router that shows where it went. */
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { ReactElement } from 'react';
import type { PublicConfig } from '@openkefu/contract';
import './i18n';

export const makeConfig = (
  overrides: Partial<PublicConfig> = {},
  features: Partial<PublicConfig['features']> = {},
): PublicConfig => ({
  productName: 'OpenKefu',
  version: '1.2.3',
  privateServer: false,
  features: {
    onlineVisitor: true,
    historyMessage: true,
    monitor: true,
    qualityCheck: true,
    statistic: true,
    support: true,
    feedback: true,
    wechatScanLogin: false,
    im: false,
    ...features,
  },
  links: { support: 'https://support.example', help: 'https://help.example', agreement: '' },
  uploadBaseUrl: '',
  showDebugMenus: false,
  loginMethods: ['password'],
  ...overrides,
});

export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const envelope = (data: unknown) => ({ message: 'ok', status_code: 200, data });

export type FetchCall = { url: string; init: RequestInit };

/** Stubs fetch: /api/v1/config answers `config`, everything else goes to `handler`. */
export const stubServer = (
  config: PublicConfig,
  handler: (call: FetchCall) => Response | Promise<Response> = () => jsonResponse(404, {}),
) => {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const call = { url, init };
      calls.push(call);
      if (url.startsWith('/api/v1/config')) return Promise.resolve(jsonResponse(200, envelope(config)));
      return Promise.resolve(handler(call));
    }),
  );
  return calls;
};

const Where = () => {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
};

export const renderAt = (path: string, entry: string, element: ReactElement) =>
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path={path} element={element} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
