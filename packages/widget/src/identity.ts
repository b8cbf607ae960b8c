/** The visitor token per organisation, kept in the browser so a returning visitor is recognised. */
const keyOf = (org: string) => `openkefu:visitor:${org}`;

export const loadVisitorToken = (org: string): string | null => {
  try {
    return localStorage.getItem(keyOf(org));
  } catch {
    return null; // storage blocked (private mode, third-party iframe): a new visitor each time
  }
};

export const saveVisitorToken = (org: string, token: string): void => {
  try {
    localStorage.setItem(keyOf(org), token);
  } catch {
    // see loadVisitorToken
  }
};
