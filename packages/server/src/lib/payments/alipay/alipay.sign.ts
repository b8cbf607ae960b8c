import { isRsaSha256Signature, signWithRsaSha256 } from '../payment.keys.js';

/*
 * Alipay open platform signatures (opendocs.alipay.com, "自行实现验签", RSA2 = SHA256withRSA).
 *
 * Requests and notifications sign the parameters sorted by name, as `name=value` joined by `&`,
 * values raw (not URL-encoded), empty values left out. A request signs everything but `sign`;
 * an asynchronous notification everything but `sign` and `sign_type`. An API answer
 * `{"alipay_trade_query_response":{…},"sign":"…"}` signs the exact text of the response object,
 * so it is cut from the body as received rather than re-serialised.
 */

export type AlipayParams = Record<string, string | undefined>;

/** The text a parameter signature covers. */
export const alipaySignContent = (params: AlipayParams, exclude: readonly string[] = ['sign']): string =>
  Object.keys(params)
    .filter((name) => !exclude.includes(name) && params[name] !== undefined && params[name] !== '')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');

/** Adds `sign` to request parameters (which carry sign_type=RSA2). */
export const signAlipayParams = (params: AlipayParams, privateKeyPem: string): Record<string, string> => {
  const signed: Record<string, string> = {};
  for (const [name, value] of Object.entries(params))
    if (value !== undefined && value !== '') signed[name] = value;
  signed.sign = signWithRsaSha256(alipaySignContent(signed), privateKeyPem);
  return signed;
};

/** Whether a request's parameters carry a valid RSA2 signature (what Alipay's gateway checks). */
export const isSignedAlipayRequest = (params: AlipayParams, publicKeyPem: string): boolean =>
  Boolean(params.sign) && isRsaSha256Signature(alipaySignContent(params), params.sign ?? '', publicKeyPem);

/** Signs notification parameters as Alipay does (sign and sign_type left out of the content). */
export const signAlipayNotification = (
  params: AlipayParams,
  privateKeyPem: string,
): Record<string, string> => {
  const signed: Record<string, string> = {};
  for (const [name, value] of Object.entries(params))
    if (value !== undefined && value !== '') signed[name] = value;
  signed.sign_type = 'RSA2';
  signed.sign = signWithRsaSha256(alipaySignContent(signed, ['sign', 'sign_type']), privateKeyPem);
  return signed;
};

export const isSignedAlipayNotification = (params: AlipayParams, publicKeyPem: string): boolean =>
  Boolean(params.sign) &&
  isRsaSha256Signature(alipaySignContent(params, ['sign', 'sign_type']), params.sign ?? '', publicKeyPem);

/** The end (exclusive) of the JSON value starting at `start`: an object, array, string or bare word. */
const endOfJsonValue = (text: string, start: number): number => {
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index += 1) {
    const character = text[index];
    if (inString) {
      if (character === '\\') index += 1;
      else if (character === '"') {
        inString = false;
        if (depth === 0) return index + 1;
      }
    } else if (character === '"') inString = true;
    else if (character === '{' || character === '[') depth += 1;
    else if (character === '}' || character === ']') {
      depth -= 1;
      if (depth === 0) return index + 1;
      if (depth < 0) return index;
    } else if (depth === 0 && (character === ',' || character === '}')) return index;
  }
  return -1;
};

/**
 * The raw text of the top-level member `name` of a JSON object text, or null. Only top-level keys
 * count: the same key nested deeper is skipped.
 */
export const rawJsonMember = (text: string, name: string): string | null => {
  let depth = 0;
  let inString = false;
  let stringStart = -1;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (inString) {
      if (character === '\\') index += 1;
      else if (character === '"') {
        inString = false;
        if (depth === 1 && text.slice(stringStart, index + 1) === JSON.stringify(name)) {
          const colon = /^\s*:\s*/.exec(text.slice(index + 1));
          if (colon) {
            const start = index + 1 + colon[0].length;
            const end = endOfJsonValue(text, start);
            return end < 0 ? null : text.slice(start, end).trimEnd();
          }
        }
      }
    } else if (character === '"') {
      inString = true;
      stringStart = index;
    } else if (character === '{' || character === '[') depth += 1;
    else if (character === '}' || character === ']') depth -= 1;
  }
  return null;
};

/**
 * An API answer's response object and its signature. `node` is e.g. alipay_trade_query_response;
 * the gateway answers `error_response` for calls it refuses before the API (unknown method…).
 */
export const readAlipayAnswer = (
  body: string,
  node: string,
): { nodeName: string; nodeText: string; sign: string | null } | null => {
  for (const nodeName of [node, 'error_response']) {
    const nodeText = rawJsonMember(body, nodeName);
    if (nodeText === null) continue;
    const signText = rawJsonMember(body, 'sign');
    let sign: string | null = null;
    if (signText !== null) {
      try {
        const parsed: unknown = JSON.parse(signText);
        sign = typeof parsed === 'string' ? parsed : null;
      } catch {
        sign = null;
      }
    }
    return { nodeName, nodeText, sign };
  }
  return null;
};

/**
 * Whether an answer's sign covers its response object. Some gateways escape `/` as `\/` in the
 * text they sign differently from the text they send; Alipay's own SDKs try both, and so does this.
 */
export const isSignedAlipayAnswer = (nodeText: string, sign: string, publicKeyPem: string): boolean =>
  isRsaSha256Signature(nodeText, sign, publicKeyPem) ||
  (nodeText.includes('\\/') && isRsaSha256Signature(nodeText.replace(/\\\//g, '/'), sign, publicKeyPem));
