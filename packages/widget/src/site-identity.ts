import type { Customer } from '@openkefu/contract';

/*
 * The site's signed-in user, handed from the embed code to the chat page (issue 15). The site's
 * server signs every identity field it sends (hex HMAC-SHA256 with the organisation's identity
 * secret of `userId \n name \n email \n mobile`, contract `identityMessage`); the chat
 * page sends it to POST /visitor/api/identify once it holds a visitor token. It travels in the
 * address's fragment, which browsers never send to a server nor put in a Referer header.
 */

export type SiteIdentity = {
  userId: string;
  name?: string;
  email?: string;
  mobile?: string;
  signature: string;
};

const fragmentKey = 'identity';
const limits = { userId: 128, name: 100, email: 254, mobile: 32 } as const;

const textOf = (value: unknown, max: number): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : undefined;

/** A usable identity from untrusted input (embed attributes, the page's script), or null. */
export const toSiteIdentity = (value: unknown): SiteIdentity | null => {
  if (typeof value !== 'object' || value === null) return null;
  const input = value as Record<string, unknown>;
  const userId = textOf(input.userId, limits.userId);
  const signature = textOf(input.signature, 64);
  if (!userId || !signature) return null;
  const identity: SiteIdentity = { userId, signature };
  for (const key of ['name', 'email', 'mobile'] as const) {
    const text = textOf(input[key], limits[key]);
    if (text) identity[key] = text;
  }
  return identity;
};

/** The fragment the loader appends to the chat address. */
export const identityFragmentOf = (identity: SiteIdentity): string =>
  `#${fragmentKey}=${encodeURIComponent(JSON.stringify(identity))}`;

/** The identity in a chat address's fragment (`location.hash`), or null. */
export const readIdentityFragment = (hash: string): SiteIdentity | null => {
  const raw = new URLSearchParams(hash.replace(/^#/, '')).get(fragmentKey);
  if (!raw) return null;
  try {
    return toSiteIdentity(JSON.parse(raw));
  } catch {
    return null;
  }
};

export type IdentifyOutcome = 'identified' | 'refused' | 'failed';

/**
 * Links the visitor to the site's user. Never throws and is never awaited by the chat: a refused
 * signature (403) or a missing secret leaves the visitor anonymous, with a warning for the site's
 * developers in the console.
 */
export const identifySiteUser = async (
  identify: (identity: SiteIdentity) => Promise<Customer>,
  identity: SiteIdentity,
  warn: (message: string) => void = (message) => console.warn(message),
): Promise<IdentifyOutcome> => {
  try {
    await identify(identity);
    return 'identified';
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (status === 403 || status === 400) {
      warn(
        `[OpenKefu] The signed identity of user "${identity.userId}" was refused (${String(status)}): ` +
          `${error instanceof Error ? error.message : String(error)}. The visitor stays anonymous. ` +
          'Check that the signature is the hex HMAC-SHA256 of userId, name, email and mobile joined by line breaks, with your identity secret.',
      );
      return 'refused';
    }
    warn(
      `[OpenKefu] Could not identify the visitor: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 'failed';
  }
};
