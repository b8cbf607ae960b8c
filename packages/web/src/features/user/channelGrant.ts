import type { ChannelAccount, Envelope } from '@openkefu/contract';
import { http } from '../../shared/api/http';

/*
 * Completing a marketplace grant (issue 19) from the OAuth redirect page. The platform's code can
 * be traded once: React's double effects, a remount or a re-render must not send it twice, so
 * the request is shared by the query string it came with. A failure is forgotten, so that a
 * retry after signing in again (401) sends it afresh.
 */

const grants = new Map<string, Promise<ChannelAccount>>();

/** Every query parameter the platform appended (code, shop_id, state…), as the server wants them. */
export const paramsOf = (search: string): Record<string, string> =>
  Object.fromEntries(new URLSearchParams(search));

export const completeChannelGrant = (search: string): Promise<ChannelAccount> => {
  const pending = grants.get(search);
  if (pending) return pending;
  const grant = http
    .post<Envelope<ChannelAccount>>(
      '/api/channel/authorize/complete',
      { params: paramsOf(search) },
      // This page reports every failure itself (no console notices here, and a 401 means sign in).
      { silent: true },
    )
    .then((body) => body.data);
  grants.set(search, grant);
  grant.catch(() => grants.delete(search));
  return grant;
};
