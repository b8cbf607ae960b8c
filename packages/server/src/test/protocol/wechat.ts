import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createWechatCrypt } from '../../lib/channels/wechat/crypt.js';
import { computeWechatSignature } from '../../lib/channels/wechat/signature.js';
import { buildWechatXml } from '../../lib/channels/wechat/xml.js';
import { createTestAdapterContext } from './adapter-context.js';
import { readBody, serveLocally } from './local-server.js';
import {
  type ChannelTestKit,
  type ChannelTestPlatform,
  type WebhookRequest,
} from '../../modules/channel/channel.adapter.js';
import { imageBytes } from '../upload-fixtures.js';

/*
 * A local server speaking the WeChat APIs the four WeChat channels call (api.weixin.qq.com for
 * official accounts and mini programs, qyapi.weixin.qq.com for Work WeChat and WeChat customer
 * service), with the platform's checks: credentials on token requests, a valid unexpired
 * access_token on every call, known media ids, the customer-service session state before kf
 * sends, cursors on sync_msg. It records what it received and can be told to fail: the next sends
 * with HTTP 500 or errcode -1, any path with a chosen errcode, every issued token expired.
 *
 * Below it, webhook builders that sign and encrypt calls as WeChat does, and the ChannelTestKits
 * the framework's shared tests drive.
 */

export type WechatStubApp = { appId: string; secret: string };
export type WechatStubCorp = {
  corpId: string;
  secret: string;
  agentId?: string;
  agentName?: string;
  /** The app's visible members; when set, others are refused (81013) as the platform does. */
  members?: string[];
};
export type WechatStubCall = { method: string; path: string; query: Record<string, string>; body: unknown };
export type WechatStubMedia = { data: Buffer; mediaType: string; fileName: string };
export type WechatStubUpload = WechatStubMedia & { type: string; mediaId: string };

/** One message in sync_msg's shape. */
export type KfStubMessage = {
  msgid: string;
  open_kfid: string;
  external_userid: string;
  send_time: number;
  origin: number;
  msgtype: string;
  [content: string]: unknown;
};

export type WechatPlatformStub = {
  url: string;
  /** Every API call, in order (multipart bodies as { fileName, mediaType, size }). */
  calls: WechatStubCall[];
  /** Bodies of accepted message sends (custom/send, kf/send_msg, message/send), with their path. */
  sends: (Record<string, unknown> & { path: string })[];
  uploads: WechatStubUpload[];
  /** Token requests answered with a token. */
  tokenFetches: () => number;
  /** Serves `media` from media/get; `videoUrl` answers JSON with a download address instead (official video). */
  addMedia: (media: WechatStubMedia, options?: { videoUrl?: boolean }) => string;
  /** The next `count` sends fail: HTTP 500, or errcode -1 ("system busy"). */
  failNextSends: (count: number, how?: 'http' | 'busy') => void;
  /** The next `count` (default 1) calls to `path`, after `after` good ones, answer this errcode. */
  failNext: (
    path: string,
    failure: { errcode: number; errmsg: string; count?: number; after?: number },
  ) => void;
  /** Every token issued so far answers 42001 from now on. */
  expireTokens: () => void;
  /**
   * Scan sign-in: a code the QR page would hand back after this user scanned it — a WeChat
   * unionid (sns/oauth2/access_token) or a Work WeChat member's userid (auth/getuserinfo); once each.
   */
  issueLoginCode: (identity: { unionid?: string; userid?: string }) => string;
  kf: {
    /** sync_msg's page size (the platform's is up to 1000). */
    pageSize: number;
    /** Adds a message to sync_msg's store; a customer message opens the session (state 0). */
    queue: (message: KfStubMessage) => void;
    /** Takes a queued message back (sync_msg skips it; cursors stay where they were). */
    withdraw: (msgid: string) => void;
    /** A callback token, as carried by kf_msg_or_event (sync_msg accepts it). */
    issueToken: () => string;
    /** Session states by `${open_kfid}|${external_userid}` (unknown: 4, not started). */
    states: Map<string, number>;
    customers: Map<string, { nickname: string; avatar: string }>;
  };
  close: () => Promise<void>;
};

type TokenOwner = { kind: 'official'; appId: string } | { kind: 'work'; corpId: string; secret: string };

/** The one file part of a multipart/form-data body. */
const parseMultipart = (body: Buffer, contentType: string): WechatStubMedia | undefined => {
  const boundary = /boundary=(.+)$/.exec(contentType)?.[1];
  if (!boundary) return undefined;
  const start = body.indexOf(`--${boundary}\r\n`);
  const headerEnd = body.indexOf('\r\n\r\n', start);
  const end = body.indexOf(`\r\n--${boundary}--`, headerEnd);
  if (start < 0 || headerEnd < 0 || end < 0) return undefined;
  const headers = body.subarray(start, headerEnd).toString('utf8');
  if (!/name="media"/.test(headers)) return undefined;
  return {
    fileName: /filename="([^"]*)"/.exec(headers)?.[1] ?? '',
    mediaType: /Content-Type: (.+)/i.exec(headers)?.[1]?.trim() ?? '',
    data: body.subarray(headerEnd + 4, end),
  };
};

const kfTransitions: Record<number, number[]> = { 0: [1, 2, 3], 1: [2, 3, 4], 2: [3], 3: [3, 4] };

export const startWechatPlatform = async (
  options: { apps?: WechatStubApp[]; corps?: WechatStubCorp[] } = {},
): Promise<WechatPlatformStub> => {
  const apps = options.apps ?? [];
  const corps = options.corps ?? [];
  const tokens = new Map<string, TokenOwner & { expired: boolean }>();
  const media = new Map<string, WechatStubMedia & { videoUrl?: boolean }>();
  const kfMessages: KfStubMessage[] = [];
  const kfTokens = new Set<string>();
  const withdrawn = new Set<string>();
  const scripted: { path: string; errcode: number; errmsg: string; after: number }[] = [];
  let sendFailures: ('http' | 'busy')[] = [];
  let tokenCount = 0;
  let serial = 0;
  const loginCodes = new Map<string, { unionid?: string; userid?: string }>();
  const checkTokenKind = (token: string | undefined) => {
    const owner = tokens.get(token ?? '');
    return owner && !owner.expired ? owner.kind : null;
  };
  const nextId = (prefix: string) =>
    `${prefix}${(serial += 1).toString().padStart(6, '0')}${randomBytes(3).toString('hex')}`;

  const stub: Omit<WechatPlatformStub, 'url' | 'close'> = {
    calls: [],
    sends: [],
    uploads: [],
    tokenFetches: () => tokenCount,
    addMedia: (item, addOptions = {}) => {
      const mediaId = nextId('MEDIA_');
      media.set(mediaId, { ...item, videoUrl: addOptions.videoUrl });
      return mediaId;
    },
    failNextSends: (count, how = 'http') => {
      sendFailures = Array.from({ length: count }, () => how);
    },
    failNext: (path, { errcode, errmsg, count = 1, after = 0 }) => {
      for (let index = 0; index < count; index += 1) scripted.push({ path, errcode, errmsg, after });
    },
    expireTokens: () => {
      for (const owner of tokens.values()) owner.expired = true;
    },
    issueLoginCode: (identity) => {
      const code = nextId('CODE_');
      loginCodes.set(code, identity);
      return code;
    },
    kf: {
      pageSize: 1000,
      queue: (message) => {
        kfMessages.push(message);
        const key = `${message.open_kfid}|${message.external_userid}`;
        if (message.origin === 3 && (stub.kf.states.get(key) ?? 4) === 4) stub.kf.states.set(key, 0);
      },
      withdraw: (msgid) => {
        withdrawn.add(msgid);
      },
      issueToken: () => {
        const token = `ENC${randomBytes(18).toString('base64url')}`;
        kfTokens.add(token);
        return token;
      },
      states: new Map(),
      customers: new Map(),
    },
  };

  const sendJson = (
    response: ServerResponse,
    body: unknown,
    status = 200,
    contentType = 'application/json',
  ) => {
    response.writeHead(status, { 'Content-Type': `${contentType}; charset=utf-8` }).end(JSON.stringify(body));
  };
  const ok = (extra: Record<string, unknown> = {}) => ({ errcode: 0, errmsg: 'ok', ...extra });
  const fail = (errcode: number, errmsg: string) => ({ errcode, errmsg: `${errmsg}, hint: [stub]` });

  /** The owner of a valid token, or the platform's error for it. */
  const checkToken = (token: string | undefined, kind: TokenOwner['kind']) => {
    if (!token) return fail(41001, 'access_token missing');
    const owner = tokens.get(token);
    if (!owner || owner.kind !== kind) return fail(40014, 'invalid access_token');
    if (owner.expired) return fail(42001, 'access_token expired');
    return owner;
  };

  const isSendPath = (path: string) =>
    path === '/cgi-bin/message/custom/send' ||
    path === '/cgi-bin/kf/send_msg' ||
    path === '/cgi-bin/message/send';

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://stub');
    const path = url.pathname;
    const query = Object.fromEntries(url.searchParams);
    const raw = await readBody(request);
    const contentType = request.headers['content-type'] ?? '';
    const upload = contentType.startsWith('multipart/') ? parseMultipart(raw, contentType) : undefined;
    let body: unknown = undefined;
    if (upload) body = { fileName: upload.fileName, mediaType: upload.mediaType, size: upload.data.length };
    else if (raw.length) {
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        body = raw.toString('utf8');
      }
    }
    const json = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    if (path.startsWith('/cgi-bin/')) stub.calls.push({ method: request.method ?? 'GET', path, query, body });

    if (path.startsWith('/file/')) {
      const item = media.get(path.slice('/file/'.length));
      if (!item) return response.writeHead(404).end();
      return response.writeHead(200, { 'Content-Type': item.mediaType }).end(item.data);
    }

    if (path === '/sns/oauth2/access_token') {
      const app = apps.find((candidate) => candidate.appId === query.appid);
      if (!app || app.secret !== query.secret) return sendJson(response, fail(40125, 'invalid appsecret'));
      const identity = loginCodes.get(query.code ?? '');
      loginCodes.delete(query.code ?? '');
      if (query.grant_type !== 'authorization_code' || !identity?.unionid)
        return sendJson(response, fail(40029, 'invalid code'));
      return sendJson(response, {
        access_token: nextId('SNS_'),
        expires_in: 7200,
        openid: `o${identity.unionid}`,
        unionid: identity.unionid,
        scope: 'snsapi_login',
      });
    }
    if (path === '/cgi-bin/auth/getuserinfo') {
      if (checkTokenKind(query.access_token) !== 'work')
        return sendJson(response, fail(40014, 'invalid access_token'));
      const identity = loginCodes.get(query.code ?? '');
      loginCodes.delete(query.code ?? '');
      if (!identity) return sendJson(response, fail(40029, 'invalid code'));
      return sendJson(
        response,
        identity.userid ? ok({ userid: identity.userid }) : ok({ openid: 'outsider' }),
      );
    }
    if (path === '/cgi-bin/token') {
      const app = apps.find((candidate) => candidate.appId === query.appid);
      if (query.grant_type !== 'client_credential')
        return sendJson(response, fail(40002, 'invalid grant_type'));
      if (!app) return sendJson(response, fail(40013, 'invalid appid'));
      if (app.secret !== query.secret) return sendJson(response, fail(40125, 'invalid appsecret'));
      const token = nextId('OFFICIAL_');
      tokens.set(token, { kind: 'official', appId: app.appId, expired: false });
      tokenCount += 1;
      return sendJson(response, { access_token: token, expires_in: 7200 });
    }
    if (path === '/cgi-bin/gettoken') {
      const corp = corps.find((candidate) => candidate.corpId === query.corpid);
      if (!corp) return sendJson(response, fail(40013, 'invalid corpid'));
      if (corp.secret !== query.corpsecret) return sendJson(response, fail(40001, 'invalid credential'));
      const token = nextId('WORK_');
      tokens.set(token, { kind: 'work', corpId: corp.corpId, secret: corp.secret, expired: false });
      tokenCount += 1;
      return sendJson(response, ok({ access_token: token, expires_in: 7200 }));
    }

    const isWork =
      path.startsWith('/cgi-bin/kf/') || path === '/cgi-bin/message/send' || path === '/cgi-bin/agent/get';
    const shared = path === '/cgi-bin/media/upload' || path === '/cgi-bin/media/get';
    const owner = checkToken(
      query.access_token,
      shared ? (tokens.get(query.access_token ?? '')?.kind ?? 'official') : isWork ? 'work' : 'official',
    );
    if ('errcode' in owner) return sendJson(response, owner);

    const scriptedIndex = scripted.findIndex((entry) => entry.path === path);
    if (scriptedIndex >= 0) {
      const entry = scripted[scriptedIndex];
      if (entry.after > 0) {
        for (const pending of scripted) if (pending.path === path) pending.after -= 1;
      } else {
        scripted.splice(scriptedIndex, 1);
        return sendJson(response, fail(entry.errcode, entry.errmsg));
      }
    }
    if (isSendPath(path) && sendFailures.length) {
      const how = sendFailures.shift();
      if (how === 'http') return response.writeHead(500, { 'Content-Type': 'text/html' }).end('<h1>500</h1>');
      return sendJson(response, fail(-1, 'system error'));
    }

    const corp =
      owner.kind === 'work' ? corps.find((candidate) => candidate.corpId === owner.corpId) : undefined;
    const hasMessageBody = (msgtype: unknown) => {
      const content = json[String(msgtype)] as Record<string, unknown> | undefined;
      if (!content || typeof content !== 'object') return false;
      if (msgtype === 'text') return typeof content.content === 'string' && content.content.length > 0;
      return typeof content.media_id === 'string' && media.has(content.media_id);
    };

    switch (path) {
      case '/cgi-bin/media/upload': {
        if (!upload || !query.type) return sendJson(response, fail(41005, 'media data missing'));
        const mediaId = stub.addMedia(upload);
        stub.uploads.push({ ...upload, type: query.type, mediaId });
        return sendJson(
          response,
          ok({ type: query.type, media_id: mediaId, created_at: Math.floor(Date.now() / 1000) }),
        );
      }
      case '/cgi-bin/media/get': {
        const item = media.get(query.media_id ?? '');
        // The platform answers its errors here as JSON in text/plain.
        if (!item) return sendJson(response, fail(40007, 'invalid media_id'), 200, 'text/plain');
        if (item.videoUrl)
          return sendJson(
            response,
            { video_url: `http://${request.headers.host}/file/${query.media_id}` },
            200,
            'text/plain',
          );
        return response
          .writeHead(200, {
            'Content-Type': item.mediaType,
            // Raw UTF-8 bytes in the header, as the platform sends Chinese names.
            'Content-Disposition': `attachment; filename="${Buffer.from(item.fileName).toString('latin1')}"`,
          })
          .end(item.data);
      }
      case '/cgi-bin/message/custom/send': {
        if (typeof json.touser !== 'string' || !json.touser)
          return sendJson(response, fail(40003, 'invalid openid'));
        if (
          !['text', 'image', 'voice', 'video'].includes(String(json.msgtype)) ||
          !hasMessageBody(json.msgtype)
        )
          return sendJson(response, fail(40008, 'invalid message type'));
        stub.sends.push({ path, ...json });
        return sendJson(response, ok());
      }
      case '/cgi-bin/message/send': {
        if (!corp?.agentId || String(json.agentid) !== corp.agentId)
          return sendJson(response, fail(40056, 'invalid agentid'));
        if (!hasMessageBody(json.msgtype)) return sendJson(response, fail(40008, 'invalid message type'));
        if (corp.members && !corp.members.includes(String(json.touser)))
          return sendJson(response, fail(81013, 'user & party & tag all invalid'));
        stub.sends.push({ path, ...json });
        return sendJson(response, ok({ invaliduser: '', msgid: nextId('msg') }));
      }
      case '/cgi-bin/agent/get': {
        if (!corp?.agentId || query.agentid !== corp.agentId)
          return sendJson(response, fail(40056, 'invalid agentid'));
        return sendJson(response, ok({ agentid: Number(corp.agentId), name: corp.agentName ?? 'Support' }));
      }
      case '/cgi-bin/kf/account/list':
        return sendJson(
          response,
          ok({ account_list: [{ open_kfid: 'wkSTUB', name: 'Support', avatar: '' }] }),
        );
      case '/cgi-bin/kf/sync_msg': {
        if (json.token !== undefined && !kfTokens.has(String(json.token)))
          return sendJson(response, fail(95007, 'invalid msg token'));
        const cursor = typeof json.cursor === 'string' && json.cursor ? json.cursor : 'c0';
        const from = /^c(\d+)$/.exec(cursor);
        if (!from) return sendJson(response, fail(95003, 'invalid cursor'));
        const limit = Math.min(Number(json.limit) || 1000, 1000, stub.kf.pageSize);
        const start = Number(from[1]);
        const end = Math.min(start + limit, kfMessages.length);
        return sendJson(
          response,
          ok({
            next_cursor: `c${end}`,
            has_more: end < kfMessages.length ? 1 : 0,
            msg_list: kfMessages.slice(start, end).filter((message) => !withdrawn.has(message.msgid)),
          }),
        );
      }
      case '/cgi-bin/kf/service_state/get':
        return sendJson(
          response,
          ok({
            service_state:
              stub.kf.states.get(`${String(json.open_kfid)}|${String(json.external_userid)}`) ?? 4,
          }),
        );
      case '/cgi-bin/kf/service_state/trans': {
        const key = `${String(json.open_kfid)}|${String(json.external_userid)}`;
        const current = stub.kf.states.get(key) ?? 4;
        const target = Number(json.service_state);
        if (!kfTransitions[current]?.includes(target))
          return sendJson(response, fail(95016, 'invalid state transition'));
        if (target === 3 && !json.servicer_userid)
          return sendJson(response, fail(95014, 'servicer required'));
        stub.kf.states.set(key, target);
        return sendJson(
          response,
          ok(target === 1 || target === 2 || target === 3 ? { msg_code: nextId('CODE') } : {}),
        );
      }
      case '/cgi-bin/kf/send_msg': {
        const state = stub.kf.states.get(`${String(json.open_kfid)}|${String(json.touser)}`) ?? 4;
        if (state !== 0 && state !== 1)
          return sendJson(response, fail(95018, 'send msg session status invalid'));
        if (!hasMessageBody(json.msgtype)) return sendJson(response, fail(40008, 'invalid message type'));
        stub.sends.push({ path, ...json });
        return sendJson(response, ok({ msgid: nextId('kfmsg') }));
      }
      case '/cgi-bin/kf/customer/batchget': {
        const ids = Array.isArray(json.external_userid_list) ? json.external_userid_list.map(String) : [];
        return sendJson(
          response,
          ok({
            customer_list: ids
              .filter((id) => stub.kf.customers.has(id))
              .map((id) => ({ external_userid: id, ...stub.kf.customers.get(id), gender: 0, unionid: '' })),
            invalid_external_userid: ids.filter((id) => !stub.kf.customers.has(id)),
          }),
        );
      }
      default:
        return sendJson(response, fail(48001, 'api unauthorized'));
    }
  };

  const server = await serveLocally(handle);
  return { ...stub, url: server.base, close: server.close };
};

/** An adapter context for WeChat adapters' own tests (the shared one, with a WeChat-ish account id). */
export const createWechatTestContext = (
  settings: Record<string, string>,
  apiBases: Record<string, string> = {},
) => createTestAdapterContext(settings, apiBases);

/* ----- Webhook calls as WeChat sends them ----- */

/** A random EncodingAESKey as the consoles generate it (43 characters of base64). */
/** 43 letters and digits, as WeChat's console generates them (any such string decodes to a 32-byte key). */
export const randomEncodingAesKey = (): string => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(43)].map((byte) => alphabet[byte % alphabet.length]).join('');
};

const timestampAndNonce = () => ({
  timestamp: String(Math.floor(Date.now() / 1000)),
  nonce: String(randomBytes(4).readUInt32BE(0)),
});

const xmlHeaders = { 'content-type': 'text/xml' };

/** An official account / mini program URL check (GET with echostr). */
export const officialVerifyRequest = (token: string, echostr: string): WebhookRequest => {
  const { timestamp, nonce } = timestampAndNonce();
  return {
    method: 'GET',
    query: { signature: computeWechatSignature([token, timestamp, nonce]), timestamp, nonce, echostr },
    headers: {},
    rawBody: Buffer.alloc(0),
  };
};

/**
 * An official account / mini program push of `plaintext` (XML or JSON) in the given mode:
 * plain (signature only), safe (only Encrypt) or compatible (plain fields and Encrypt).
 */
export const officialPushRequest = (input: {
  token: string;
  appId: string;
  encodingAesKey?: string;
  mode: 'plain' | 'compatible' | 'safe';
  plaintext: string;
  openId?: string;
  toUserName?: string;
}): WebhookRequest => {
  const { timestamp, nonce } = timestampAndNonce();
  const query: Record<string, string> = {
    signature: computeWechatSignature([input.token, timestamp, nonce]),
    timestamp,
    nonce,
    ...(input.openId ? { openid: input.openId } : {}),
  };
  const isJson = input.plaintext.trimStart().startsWith('{');
  const headers = { 'content-type': isJson ? 'application/json' : 'text/xml' };
  if (input.mode === 'plain')
    return { method: 'POST', query, headers, rawBody: Buffer.from(input.plaintext) };
  const encrypted = createWechatCrypt(input.encodingAesKey ?? '', input.appId).encrypt(input.plaintext);
  query.encrypt_type = 'aes';
  query.msg_signature = computeWechatSignature([input.token, timestamp, nonce, encrypted]);
  const toUserName = input.toUserName ?? 'gh_0123456789ab';
  let rawBody: string;
  if (isJson)
    rawBody = JSON.stringify(
      input.mode === 'safe'
        ? { ToUserName: toUserName, Encrypt: encrypted }
        : { ...(JSON.parse(input.plaintext) as object), Encrypt: encrypted },
    );
  else if (input.mode === 'safe') rawBody = buildWechatXml({ ToUserName: toUserName, Encrypt: encrypted });
  else rawBody = input.plaintext.replace(/<\/xml>\s*$/, `<Encrypt><![CDATA[${encrypted}]]></Encrypt></xml>`);
  return { method: 'POST', query, headers, rawBody: Buffer.from(rawBody) };
};

/** A Work WeChat URL check: the echostr is encrypted and signed. */
export const workVerifyRequest = (input: {
  token: string;
  corpId: string;
  encodingAesKey: string;
  echo: string;
}): WebhookRequest => {
  const { timestamp, nonce } = timestampAndNonce();
  const echostr = createWechatCrypt(input.encodingAesKey, input.corpId).encrypt(input.echo);
  return {
    method: 'GET',
    query: {
      msg_signature: computeWechatSignature([input.token, timestamp, nonce, echostr]),
      timestamp,
      nonce,
      echostr,
    },
    headers: {},
    rawBody: Buffer.alloc(0),
  };
};

/** A Work WeChat push: `plaintext` XML encrypted for `corpId` (the receive id). */
export const workPushRequest = (input: {
  token: string;
  corpId: string;
  encodingAesKey: string;
  plaintext: string;
  agentId?: string;
}): WebhookRequest => {
  const { timestamp, nonce } = timestampAndNonce();
  const encrypted = createWechatCrypt(input.encodingAesKey, input.corpId).encrypt(input.plaintext);
  return {
    method: 'POST',
    query: {
      msg_signature: computeWechatSignature([input.token, timestamp, nonce, encrypted]),
      timestamp,
      nonce,
    },
    headers: xmlHeaders,
    rawBody: Buffer.from(
      buildWechatXml({
        ToUserName: input.corpId,
        Encrypt: encrypted,
        ...(input.agentId ? { AgentID: input.agentId } : {}),
      }),
    ),
  };
};

/** The same call with its signatures changed: what a forger without the Token can send. */
export const forgeWechatRequest = (request: WebhookRequest): WebhookRequest => {
  const query = { ...request.query };
  const flip = (value: string) => `${value[0] === '0' ? '1' : '0'}${value.slice(1)}`;
  for (const name of ['signature', 'msg_signature']) if (query[name]) query[name] = flip(query[name]);
  return { ...request, query };
};

/* ----- Test kits for the framework's shared channel tests ----- */

const secretOf = () => randomBytes(16).toString('hex');

/** { to, text } of each accepted send; media as "[image]" and the like. */
const sentOf = (stub: WechatPlatformStub) => () =>
  stub.sends.map((send) => {
    const msgtype = String(send.msgtype);
    const content = send[msgtype] as { content?: string } | undefined;
    return { to: String(send.touser), text: msgtype === 'text' ? (content?.content ?? '') : `[${msgtype}]` };
  });

const createdAt = () => Math.floor(Date.now() / 1000);

const startOfficialKit = async (type: 'mp' | 'mini'): Promise<ChannelTestPlatform> => {
  const app = { appId: `wx${randomBytes(8).toString('hex')}`, secret: secretOf() };
  const stub = await startWechatPlatform({ apps: [app] });
  const png = await imageBytes('png', 2, 2);
  const settings = {
    appId: app.appId,
    appSecret: app.secret,
    token: `tk${randomBytes(8).toString('hex')}`,
    encryptMode: 'safe',
    encodingAesKey: randomEncodingAesKey(),
  };
  // The mini program kit uses the JSON push format (its console offers XML or JSON); the official account XML.
  const push = (fields: Record<string, string | number>, openId: string) =>
    officialPushRequest({
      ...settings,
      mode: 'safe',
      openId,
      plaintext: type === 'mini' ? JSON.stringify(fields) : buildWechatXml(fields),
    });
  const envelope = (userId: string) => ({
    ToUserName: 'gh_0123456789ab',
    FromUserName: userId,
    CreateTime: createdAt(),
  });
  return {
    apiBases: { wechat: stub.url },
    settings,
    textMessage: ({ userId, messageId, text }) =>
      push({ ...envelope(userId), MsgType: 'text', Content: text, MsgId: messageId }, userId),
    imageMessage: ({ userId, messageId }) => {
      const mediaId = stub.addMedia({ data: png, mediaType: 'image/png', fileName: 'photo.png' });
      return push(
        {
          ...envelope(userId),
          MsgType: 'image',
          PicUrl: `${stub.url}/file/${mediaId}`,
          MediaId: mediaId,
          MsgId: messageId,
        },
        userId,
      );
    },
    forged: forgeWechatRequest,
    sent: sentOf(stub),
    failNextSends: (count) => stub.failNextSends(count),
    close: stub.close,
  };
};

export const mpKit: ChannelTestKit = { type: 'mp', start: () => startOfficialKit('mp') };
export const miniKit: ChannelTestKit = { type: 'mini', start: () => startOfficialKit('mini') };

export const wechatworkKit: ChannelTestKit = {
  type: 'wechatwork',
  start: async () => {
    const corp = { corpId: `ww${randomBytes(8).toString('hex')}`, secret: secretOf(), agentId: '1000002' };
    const stub = await startWechatPlatform({ corps: [corp] });
    const png = await imageBytes('png', 2, 2);
    const settings = {
      corpId: corp.corpId,
      agentId: corp.agentId,
      secret: corp.secret,
      token: `tk${randomBytes(8).toString('hex')}`,
      encodingAesKey: randomEncodingAesKey(),
    };
    const push = (fields: Record<string, string | number>) =>
      workPushRequest({ ...settings, agentId: corp.agentId, plaintext: buildWechatXml(fields) });
    const envelope = (userId: string) => ({
      ToUserName: corp.corpId,
      FromUserName: userId,
      CreateTime: createdAt(),
    });
    return {
      apiBases: { wework: stub.url },
      settings,
      textMessage: ({ userId, messageId, text }) =>
        push({
          ...envelope(userId),
          MsgType: 'text',
          Content: text,
          MsgId: messageId,
          AgentID: Number(corp.agentId),
        }),
      imageMessage: ({ userId, messageId }) => {
        const mediaId = stub.addMedia({ data: png, mediaType: 'image/png', fileName: 'photo.png' });
        return push({
          ...envelope(userId),
          MsgType: 'image',
          PicUrl: `${stub.url}/file/${mediaId}`,
          MediaId: mediaId,
          MsgId: messageId,
          AgentID: Number(corp.agentId),
        });
      },
      forged: forgeWechatRequest,
      sent: sentOf(stub),
      failNextSends: (count) => stub.failNextSends(count),
      close: stub.close,
    };
  },
};

/** The customer-service account the kit's customers write to. */
export const kitOpenKfId = 'wkKITSUPPORT0001';

export const wechatkefuKit: ChannelTestKit = {
  type: 'wechatkefu',
  start: async () => {
    const corp = { corpId: `ww${randomBytes(8).toString('hex')}`, secret: secretOf() };
    const stub = await startWechatPlatform({ corps: [corp] });
    const png = await imageBytes('png', 2, 2);
    const settings = {
      corpId: corp.corpId,
      secret: corp.secret,
      token: `tk${randomBytes(8).toString('hex')}`,
      encodingAesKey: randomEncodingAesKey(),
    };
    const announced = new WeakMap<WebhookRequest, string>();
    /** Queues the message for sync_msg and answers the callback that announces it. */
    const announce = (message: KfStubMessage) => {
      stub.kf.queue(message);
      const request = workPushRequest({
        ...settings,
        plaintext: buildWechatXml({
          ToUserName: corp.corpId,
          CreateTime: createdAt(),
          MsgType: 'event',
          Event: 'kf_msg_or_event',
          Token: stub.kf.issueToken(),
          OpenKfId: kitOpenKfId,
        }),
      });
      announced.set(request, message.msgid);
      return request;
    };
    const base = (userId: string, messageId: string) => ({
      msgid: messageId,
      open_kfid: kitOpenKfId,
      external_userid: userId,
      send_time: createdAt(),
      origin: 3,
    });
    return {
      apiBases: { wework: stub.url },
      settings,
      textMessage: ({ userId, messageId, text }) =>
        announce({ ...base(userId, messageId), msgtype: 'text', text: { content: text } }),
      imageMessage: ({ userId, messageId }) => {
        const mediaId = stub.addMedia({ data: png, mediaType: 'image/png', fileName: 'photo.png' });
        return announce({ ...base(userId, messageId), msgtype: 'image', image: { media_id: mediaId } });
      },
      // A forged callback announces nothing real: its message must not turn up in a later pull.
      forged: (request) => {
        const msgid = announced.get(request);
        if (msgid) stub.kf.withdraw(msgid);
        return forgeWechatRequest(request);
      },
      sent: sentOf(stub),
      failNextSends: (count) => stub.failNextSends(count),
      close: stub.close,
    };
  },
};
