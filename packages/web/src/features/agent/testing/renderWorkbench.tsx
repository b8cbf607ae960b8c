import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type {
  Message,
  Offer,
  Page,
  Profile,
  Thread,
  ThreadListKind,
  TransferTarget,
  User,
  UserSettings,
} from '@openkefu/contract';
import { AntdProvider } from '../../../shared/providers/AntdProvider';
import { jsonResponse } from '../../../shared/testing/renderWithProviders';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { page, type RecordedRequest } from '../../kefu/shared/testFixtures';
import { RealtimeProvider } from '../realtime/RealtimeProvider';
import { WorkbenchPage } from '../WorkbenchPage';
import { createFakeSocket, type FakeSocket } from '../../../shared/testing/fakeSocket';
import { defaultSettings, makeMe, makeProfile, makeVisitor } from './fixtures';

/* The workbench page over a stubbed API and a fake socket (imported by tests only). */

if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

export type WorkbenchServer = {
  requests: RecordedRequest[];
  lists: Record<ThreadListKind, Thread[]>;
  threads: Thread[];
  history: Record<string, Message[]>;
  offers: Offer[];
  /** GET /api/thread/transfer/targets, whatever the tid. */
  transferTargets: TransferTarget[];
  me: User;
  settings: UserSettings;
  /** Answers a request differently when it returns a Response. */
  answer?: (request: RecordedRequest) => Response | undefined;
  posts: (path: string) => RecordedRequest[];
};

const historyPage = (messages: Message[], search: URLSearchParams) => {
  const before = Number(search.get('beforeSeq') ?? 0);
  const after = Number(search.get('afterSeq') ?? 0);
  const size = Number(search.get('size') ?? 30);
  const sorted = [...messages].sort((a, b) => a.seq - b.seq);
  if (after > 0) {
    const later = sorted.filter((message) => message.seq > after);
    return { messages: later.slice(0, size), hasMore: later.length > size };
  }
  const earlier = before > 0 ? sorted.filter((message) => message.seq < before) : sorted;
  return { messages: earlier.slice(-size), hasMore: earlier.length > size };
};

/** Installs the stubbed fetch before each test of the calling file; resets profile and language after. */
export const installWorkbenchServer = (): WorkbenchServer => {
  const server: WorkbenchServer = {
    requests: [],
    lists: { current: [], queue: [], groups: [], closed: [] },
    threads: [],
    history: {},
    offers: [],
    transferTargets: [],
    me: makeMe(),
    settings: defaultSettings,
    posts: (path) => server.requests.filter((r) => r.method === 'POST' && r.path === path),
  };
  beforeEach(() => {
    server.requests = [];
    server.lists = { current: [], queue: [], groups: [], closed: [] };
    server.threads = [];
    server.history = {};
    server.offers = [];
    server.transferTargets = [];
    server.me = makeMe();
    server.settings = defaultSettings;
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
        const all = (): Thread[] => [...Object.values(server.lists).flat(), ...server.threads];
        switch (url.pathname) {
          case '/api/thread/mine': {
            const kind = (url.searchParams.get('kind') ?? 'current') as ThreadListKind;
            return jsonResponse(page(server.lists[kind], server.lists[kind].length, 100) as Page<Thread>);
          }
          case '/api/thread/get': {
            const found = all().find((thread) => thread.tid === url.searchParams.get('tid'));
            return found ? jsonResponse(found) : jsonResponse(null, 404);
          }
          case '/api/message/history':
            return jsonResponse(
              historyPage(server.history[url.searchParams.get('tid') ?? ''] ?? [], url.searchParams),
            );
          case '/api/thread/offers':
            return jsonResponse(server.offers);
          case '/api/thread/transfer/targets':
            return jsonResponse(server.transferTargets);
          case '/api/user/me':
            return jsonResponse(server.me);
          case '/api/user/settings':
            return jsonResponse(server.settings);
          case '/api/thread/visitor':
            return jsonResponse({
              visitor: makeVisitor({ vid: url.searchParams.get('vid') ?? 'v-1' }),
              threads: [],
            });
          default:
            if (request.method === 'POST') return jsonResponse(null);
            return jsonResponse(null, 404);
        }
      }),
    );
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
    setProfile(null);
    await changeLanguage('en-US');
  });
  return server;
};

let currentLocation = '';

/** Where the page navigated to (path and query). */
export const locationNow = (): string => currentLocation;

const LocationProbe = () => {
  const location = useLocation();
  currentLocation = `${location.pathname}${location.search}`;
  return null;
};

/** Renders the workbench at `path` with the given profile and a fake socket (created when not given). */
export const renderWorkbench = ({
  path = '/agent',
  profile = makeProfile(),
  socket = createFakeSocket(),
}: { path?: string; profile?: Profile; socket?: FakeSocket } = {}) => {
  setProfile(profile);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AntdProvider>
          <RealtimeProvider socket={socket}>
            <LocationProbe />
            <Routes>
              <Route path="/agent/:tid?" element={<WorkbenchPage />} />
            </Routes>
          </RealtimeProvider>
        </AntdProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, socket, queryClient };
};
