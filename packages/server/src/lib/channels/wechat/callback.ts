import {
  ChannelSignatureError,
  type WebhookOutcome,
  type WebhookRequest,
} from '../../../modules/channel/channel.adapter.js';
import { createWechatCrypt } from './crypt.js';
import { isWechatSignatureValid } from './signature.js';
import { parseWechatXml } from './xml.js';

/*
 * Opening WeChat's webhook calls: the URL check (GET with echostr) and the pushes (POST), in
 * the official account / mini program way (plain signature, optional AES) and the Work WeChat way
 * (always AES, the echostr encrypted too). Anything that does not verify throws
 * ChannelSignatureError before a byte of it is trusted.
 */

export type OpenedCallback = { kind: 'verify'; echo: string } | { kind: 'push'; body: string };

/** The URL check's answer: the echostr, opened, as it came. */
export const echoOutcome = (echo: string): WebhookOutcome => ({
  answer: { status: 200, contentType: 'text/plain', body: echo },
  messages: [],
});

const required = (value: string | undefined, what: string): string => {
  if (!value) throw new ChannelSignatureError(`no ${what} configured`);
  return value;
};

/** The Encrypt field of an XML or JSON envelope. */
const encryptedPartOf = (raw: string): string | undefined => {
  if (raw.trimStart().startsWith('{')) {
    try {
      const parsed = JSON.parse(raw) as { Encrypt?: unknown };
      return typeof parsed.Encrypt === 'string' ? parsed.Encrypt : undefined;
    } catch {
      return undefined;
    }
  }
  return parseWechatXml(raw).Encrypt;
};

/**
 * Official accounts and mini programs. Settings: token, appId, encryptMode, encodingAesKey. In
 * `safe` mode a plain push is refused: the admin chose encryption, so plain text is not WeChat's.
 */
export const openOfficialCallback = (
  settings: Record<string, string>,
  request: WebhookRequest,
): OpenedCallback => {
  const token = required(settings.token, 'Token');
  const { signature, timestamp = '', nonce = '' } = request.query;
  if (request.method === 'GET') {
    if (!isWechatSignatureValid(signature, [token, timestamp, nonce])) throw new ChannelSignatureError();
    return { kind: 'verify', echo: request.query.echostr ?? '' };
  }
  const raw = request.rawBody.toString('utf8');
  if (request.query.encrypt_type === 'aes') {
    const encrypted = encryptedPartOf(raw);
    if (!encrypted) throw new ChannelSignatureError('no Encrypt in an encrypted push');
    if (!isWechatSignatureValid(request.query.msg_signature, [token, timestamp, nonce, encrypted]))
      throw new ChannelSignatureError();
    const crypt = createWechatCrypt(required(settings.encodingAesKey, 'EncodingAESKey'), settings.appId);
    return { kind: 'push', body: crypt.decrypt(encrypted) };
  }
  if (settings.encryptMode === 'safe')
    throw new ChannelSignatureError('a plain push to an account in safe mode');
  if (!isWechatSignatureValid(signature, [token, timestamp, nonce])) throw new ChannelSignatureError();
  return { kind: 'push', body: raw };
};

/** Work WeChat (self-built apps, WeChat customer service): receive id = corpId. */
export const openWorkCallback = (
  settings: Record<string, string>,
  request: WebhookRequest,
): OpenedCallback => {
  const token = required(settings.token, 'Token');
  const crypt = createWechatCrypt(required(settings.encodingAesKey, 'EncodingAESKey'), settings.corpId);
  const { msg_signature: signature, timestamp = '', nonce = '' } = request.query;
  if (request.method === 'GET') {
    // A '+' left unescaped in the query arrives as a space; base64 has no spaces.
    const echostr = (request.query.echostr ?? '').replaceAll(' ', '+');
    if (!echostr || !isWechatSignatureValid(signature, [token, timestamp, nonce, echostr]))
      throw new ChannelSignatureError();
    return { kind: 'verify', echo: crypt.decrypt(echostr) };
  }
  const encrypted = parseWechatXml(request.rawBody.toString('utf8')).Encrypt;
  if (!encrypted || !isWechatSignatureValid(signature, [token, timestamp, nonce, encrypted]))
    throw new ChannelSignatureError();
  return { kind: 'push', body: crypt.decrypt(encrypted) };
};
