/**
 * Whose visitor this page is: the organisation, or an SDK channel's app key. A channel's visitors are
 * kept apart from the website's (keep the org form in sync with embed.ts, which reads the same token).
 */
export const visitorScopeOf = (params: { org: string; appKey?: string | null }): string =>
  params.appKey ? `app:${params.appKey}` : params.org;

/** The visitor token per scope (visitorScopeOf), kept in the browser so a returning visitor is recognised. */
const keyOf = (scope: string) => `openkefu:visitor:${scope}`;

export const loadVisitorToken = (scope: string): string | null => {
  try {
    return localStorage.getItem(keyOf(scope));
  } catch {
    return null; // storage blocked (private mode, third-party iframe): a new visitor each time
  }
};

export const saveVisitorToken = (scope: string, token: string): void => {
  try {
    localStorage.setItem(keyOf(scope), token);
  } catch {
    // see loadVisitorToken
  }
};
