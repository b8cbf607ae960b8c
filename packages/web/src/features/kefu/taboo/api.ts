import type {
  Envelope,
  Page,
  Taboo,
  TabooCreateBody,
  TabooHit,
  TabooMode,
  TabooSettings,
} from '@openkefu/contract';
import { http } from '../../../shared/api/http';
import type { PageQuery } from '../../../shared/table/usePageRequest';

/*
 * Issue 5 sensitive words, console side: the organisation's list (/api/taboo/*), the platform's
 * (/api/taboo/platform/*, platform staff), the mask/block mode and the recorded hits.
 */

/** Whose words a table shows and changes. */
export type TabooScope = 'org' | 'platform';

export const tabooBase = (scope: TabooScope): string =>
  scope === 'platform' ? '/api/taboo/platform' : '/api/taboo';

export type TabooFilters = { keyword?: string };

export const fetchTabooPage =
  (scope: TabooScope) =>
  async ({ page, size, keyword }: PageQuery<TabooFilters>): Promise<Page<Taboo>> =>
    (await http.get<Envelope<Page<Taboo>>>(`${tabooBase(scope)}/query`, { params: { page, size, keyword } }))
      .data;

export const createTaboo = async (scope: TabooScope, body: TabooCreateBody): Promise<Taboo> =>
  (await http.post<Envelope<Taboo>>(`${tabooBase(scope)}/create`, body)).data;

export const updateTaboo = async (
  scope: TabooScope,
  body: TabooCreateBody & { tbid: string },
): Promise<Taboo> => (await http.post<Envelope<Taboo>>(`${tabooBase(scope)}/update`, body)).data;

export const deleteTaboo = async (scope: TabooScope, tbid: string): Promise<void> => {
  await http.post<Envelope<null>>(`${tabooBase(scope)}/delete`, { tbid });
};

export const fetchTabooMode = async (): Promise<TabooMode> =>
  (await http.get<Envelope<TabooSettings>>('/api/taboo/mode')).data.mode;

export const saveTabooMode = async (mode: TabooMode): Promise<TabooMode> =>
  (await http.post<Envelope<TabooSettings>>('/api/taboo/mode', { mode })).data.mode;

export type TabooHitFilters = {
  senderKind?: 'visitor' | 'agent';
  action?: TabooMode;
  tid?: string;
  from?: number;
  to?: number;
};

export const fetchTabooHitPage = async ({
  page,
  size,
  senderKind,
  action,
  tid,
  from,
  to,
}: PageQuery<TabooHitFilters>): Promise<Page<TabooHit>> =>
  (
    await http.get<Envelope<Page<TabooHit>>>('/api/taboo/hits', {
      params: { page, size, senderKind, action, tid, from, to },
    })
  ).data;
