import type { ChannelType } from '@openkefu/contract';

/*
 * What every channel platform implements (issue 19). The framework (channel.inbound.ts,
 * channel.outbound.ts) does the rest the same way for all of them: finds the account by its
 * webhook path, de-duplicates by the platform's message id, maps the platform's user to a visitor,
 * opens or continues the thread, stores media in our storage, queues replies as jobs with retries,
 * and keeps the reply window. An adapter only speaks its platform's protocol; it never touches the
 * database.
 */

/** The raw HTTP request a platform sent to the account's webhook address. */
export type WebhookRequest = {
  method: 'GET' | 'POST';
  query: Record<string, string>;
  /** Lower-case names. */
  headers: Record<string, string | undefined>;
  /** The body exactly as received: signatures are computed over these bytes. */
  rawBody: Buffer;
};

export type InboundKind = 'text' | 'image' | 'voice' | 'video' | 'file' | 'location' | 'link' | 'event';

/** One message (or event) a platform user sent, in the framework's terms. */
export type InboundMessage = {
  /** The platform's id of this message, unique per account: a redelivery with the same id is dropped. */
  externalId: string;
  /** The platform's id of the user (openid, PSID, LINE userId, phone number, email address…). */
  externalUserId: string;
  nickname?: string;
  avatar?: string;
  kind: InboundKind;
  /** Text, a link's URL and title, a location's label, or a voice message's recognised words. */
  text: string;
  /** A platform media reference to fetch with `fetchMedia` (WeChat's MediaId, LINE's message id…). */
  mediaRef?: string;
  fileName?: string;
  /** For `event`: subscribe, unsubscribe, menu_click, enter_session, … and the menu key. */
  event?: { name: string; key?: string };
  /**
   * What a reply needs besides the user id, kept on the platform user for later (WeChat customer
   * service's open_kfid, a Lazada session id, an email's subject and Message-ID).
   */
  context?: Record<string, string>;
  /** When the platform says it was sent (ms). */
  at: number;
};

/** What the framework answers the platform, and what it should store. */
export type WebhookOutcome = {
  /** Status and body the platform expects (WeChat: "success"; Feishu: the challenge). */
  answer: { status: number; contentType?: string; body: string };
  messages: InboundMessage[];
  /**
   * The callback only said that messages are waiting (WeChat customer service, Work WeChat kf):
   * the framework then calls `pull` with this token.
   */
  pullToken?: string;
};

/** The account's credentials and the services an adapter may use. */
export type AdapterContext = {
  /** The public id of the account: a key for caches. */
  caid: string;
  /** The form's values, secrets opened, by field key (contract `channelFields`). */
  settings: Record<string, string>;
  /** The platform's API address: CHANNEL_API_BASES's entry for `platform`, else `fallback`. */
  apiBase: (platform: string, fallback: string) => string;
  /** Access tokens shared by every node (a fresh fetch elsewhere must not invalidate ours). */
  tokens: TokenStore;
  /** A value the adapter keeps between calls (a pull cursor). */
  state: { get: () => Promise<string>; set: (value: string) => Promise<void> };
  /** The platform app's own tokens, for an account connected through the platform's app. */
  platformTokens?: TokenStore;
  /** Our own public address (for links the platform shows, OAuth redirects). */
  publicUrl: string;
  fetchImpl?: typeof fetch;
  now: () => number;
};

export type TokenStore = {
  /** A token still valid for at least a minute, or undefined. */
  get: (name: string) => Promise<string | undefined>;
  set: (name: string, value: string, expiresAt: number) => Promise<void>;
  /** The platform refused it (expired early, revoked): forget it. */
  drop: (name: string) => Promise<void>;
};

/** Where a reply goes: the platform user and what its inbound messages left in `context`. */
export type Recipient = { externalUserId: string; context: Record<string, string> };

export type OutboundMedia = {
  fileName: string;
  mediaType: string;
  size: number;
  /** Our public address of the file (platforms that fetch by URL). */
  url: string;
  read: () => Promise<Buffer>;
};

/** An agent's (or the robot's) message on its way out. */
export type OutboundMessage = {
  /**
   * Stable across retries of the same delivery (the message's mid, or the notice's job id);
   * platforms that de-duplicate by a request key use it.
   */
  id: string;
  kind: 'text' | 'image' | 'file' | 'voice' | 'video' | 'link';
  /** The text, or the link's URL; for media, a caption (may be empty). */
  text: string;
  media?: OutboundMedia;
};

export type FetchedMedia = { data: Buffer; mediaType: string; fileName: string };

export type ChannelAdapter = {
  type: ChannelType;
  /**
   * How long after the user's last message the platform lets us write (WeChat: 48 h); null: no
   * limit. Past it the framework refuses the reply with a notice to the agent.
   */
  replyWindowMs: number | null;
  /**
   * Verifies and parses one webhook call. Throws ChannelSignatureError when the signature (or
   * decryption) fails: the framework answers 401 and stores nothing.
   */
  handleWebhook: (ctx: AdapterContext, request: WebhookRequest) => Promise<WebhookOutcome>;
  /** Platforms that make us fetch messages after a callback (cursor in ctx.state). */
  pull?: (ctx: AdapterContext, pullToken: string) => Promise<InboundMessage[]>;
  /** Sends one message; answers the platform's message id (or ''). Throws OutsideError. */
  send: (ctx: AdapterContext, to: Recipient, message: OutboundMessage) => Promise<{ externalId: string }>;
  fetchMedia: (ctx: AdapterContext, ref: string) => Promise<FetchedMedia>;
  /** The console's "test" button: a real call with the credentials (fetch a token, read the bot's name). */
  test: (ctx: AdapterContext) => Promise<{ detail: string }>;
  /**
   * Platforms that grant access through OAuth (Shopee, Lazada): the platform's page the admin is
   * sent to; it comes back to `redirectUri` (our /antv/<type>/redirect page) with `state` unchanged.
   */
  authorizeUrl?: (ctx: AdapterContext, redirectUri: string, state: string) => string | Promise<string>;
  /**
   * Platforms whose partner app the platform itself may own (Shopee, Lazada): every shop's pushes
   * come to one address, and name the shop or seller they are for.
   */
  platformApp?: {
    /** The setting the grant learns that names the shop (it becomes the account's platform tenant). */
    tenantSetting: string;
    /**
     * The shop, seller or account a push is for, read before its signature is checked (the
     * account's credentials check it); `pathTenant` is the address's last part where the platform
     * puts it there (WeChat's $APPID$).
     */
    tenantOf: (request: WebhookRequest, pathTenant: string | undefined) => string | undefined;
  };
  /**
   * Completes that grant with what the platform appended to the redirect (code, shop_id…): trades
   * the code for tokens kept in ctx.tokens (a refresh token under its own name, with its expiry).
   * Answers what to show the admin (the shop's name) and settings learnt on the way (shopId).
   */
  completeAuthorization?: (
    ctx: AdapterContext,
    params: Record<string, string>,
    redirectUri: string,
  ) => Promise<{ detail: string; settings?: Record<string, string> }>;
};

/** A webhook call whose signature or encryption does not check out. */
export class ChannelSignatureError extends Error {
  constructor(message = 'signature mismatch') {
    super(message);
    this.name = 'ChannelSignatureError';
  }
}

/** In-memory token store, for adapters' own tests (the server keeps tokens in the database). */
export const createMemoryTokenStore = (now: () => number = Date.now): TokenStore => {
  const tokens = new Map<string, { value: string; expiresAt: number }>();
  return {
    get: async (name) => {
      const entry = tokens.get(name);
      return entry && entry.expiresAt - now() > 60_000 ? entry.value : undefined;
    },
    set: async (name, value, expiresAt) => {
      tokens.set(name, { value, expiresAt });
    },
    drop: async (name) => {
      tokens.delete(name);
    },
  };
};

/**
 * What each adapter's test kit offers the framework's shared tests (channel.adapters.test.ts):
 * a local server speaking the platform's protocol, and signed webhook calls as the platform sends them.
 */
export type ChannelTestKit = {
  type: ChannelType;
  /** Starts the platform's local server; `apiBases` go into CHANNEL_API_BASES. */
  start: () => Promise<ChannelTestPlatform>;
};

export type ChannelTestPlatform = {
  apiBases: Record<string, string>;
  /** Form values for a new account (as the admin would type them). */
  settings: Record<string, string>;
  /** A webhook call carrying a text message from `userId`, signed (and encrypted) as the platform does. */
  /** `webhookUrl`: the address the call goes to, for platforms that sign it (Shopee). */
  textMessage: (input: {
    userId: string;
    messageId: string;
    text: string;
    webhookUrl?: string;
  }) => WebhookRequest;
  /** An image message whose media the local server serves (PNG bytes). */
  imageMessage?: (input: { userId: string; messageId: string; webhookUrl?: string }) => WebhookRequest;
  /** The same call with a wrong signature. */
  forged: (request: WebhookRequest) => WebhookRequest;
  /** Messages the local server received from us, newest last, as { to, text }. */
  sent: () => { to: string; text: string }[];
  /** Make the next `count` send calls fail with HTTP 500 (or the platform's "busy" code). */
  failNextSends: (count: number) => void;
  close: () => Promise<void>;
};
