import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../shared/testing/renderWithProviders';
import { makeAgentStatus } from '../shared/testFixtures';
import { fetchStatusSummary, summarize } from './summary';

afterEach(() => vi.unstubAllGlobals());

describe('agent status summary', () => {
  it('counts signed-in statuses as online and sums open conversations', () => {
    const summary = summarize(
      [
        makeAgentStatus({ status: 'online', openThreadCount: 2 }),
        makeAgentStatus({ status: 'busy', openThreadCount: 4 }),
        makeAgentStatus({ status: 'rest', openThreadCount: 0 }),
        makeAgentStatus({ status: 'offline', openThreadCount: 1 }),
        makeAgentStatus({ status: 'logout', openThreadCount: 0 }),
      ],
      5,
    );
    expect(summary).toEqual({ online: 3, total: 5, openThreads: 7 });
  });

  it('walks every page of the status list', async () => {
    const pages = [
      Array.from({ length: 100 }, (_, i) => makeAgentStatus({ uid: `a${i}`, openThreadCount: 1 })),
      [makeAgentStatus({ uid: 'last', status: 'offline', openThreadCount: 3 })],
    ];
    const seen: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        seen.push(url.search);
        const index = Number(url.searchParams.get('page'));
        const content = pages[index] ?? [];
        return jsonResponse({
          content,
          totalElements: 101,
          totalPages: 2,
          number: index,
          size: 100,
          first: index === 0,
          last: index === 1,
          empty: content.length === 0,
        });
      }),
    );
    await expect(fetchStatusSummary()).resolves.toEqual({ online: 100, total: 101, openThreads: 103 });
    expect(seen).toEqual(['?page=0&size=100&client=web', '?page=1&size=100&client=web']);
  });
});
