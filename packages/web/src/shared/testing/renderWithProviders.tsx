import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { StyleProvider } from '@ant-design/cssinjs';
import { MemoryRouter } from 'react-router';
import { AntdProvider } from '../providers/AntdProvider';

// jsdom has no ResizeObserver; ProTable and antd's overflow logic need one. (vitest.setup.ts is the
// light layer's; the stub lives here so page tests that render antd get it.)
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// ProseMirror (the rich-text editor) measures the layout, which jsdom does not do: answer "nothing here".
if (typeof document !== 'undefined' && typeof document.elementFromPoint !== 'function') {
  document.elementFromPoint = () => null;
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  const emptyRect = () => new DOMRect(0, 0, 0, 0);
  Range.prototype.getClientRects = noRects;
  Range.prototype.getBoundingClientRect = emptyRect;
}

/** Test helper: a page inside the providers the shell gives it (query client, router, antd + `app` locale). */
export const renderWithProviders = (ui: ReactElement, { path = '/' }: { path?: string } = {}) => {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  // No runtime CSS in tests, as vitest's `css: false` has none from files: generating antd's styles
  // (zeroRuntime) and jsdom parsing the injected ones (mock "server": ProComponents' too) took a third
  // of the web suite's time, and no test reads them.
  return render(
    <StyleProvider mock="server">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <AntdProvider>
            <ConfigProvider theme={{ zeroRuntime: true }}>{ui}</ConfigProvider>
          </AntdProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </StyleProvider>,
  );
};

export const jsonResponse = (data: unknown, status = 200) =>
  new Response(JSON.stringify({ message: status === 200 ? 'OK' : 'failed', status_code: status, data }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
