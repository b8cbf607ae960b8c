import { describe, expect, it } from 'vitest';
import { isValidMetaSignature, readMetaWebhook, signMetaBody } from './signature.js';

const body = Buffer.from(
  '{"object":"page","entry":[{"id":"1","messaging":[{"message":{"text":"Gr\\u00fc\\u00dfe"}}]}]}',
);

describe('Meta webhook signature and handshake', () => {
  it('signs the raw bytes with HMAC-SHA256 of the app secret, prefixed sha256=', () => {
    expect(signMetaBody('app-secret', Buffer.from('{"a":1}'))).toBe(
      'sha256=a2ac6607a24977f9757e6d78319ae1660ad42ffeee0ee3f0dff30a92bcf85448',
    );
  });

  it('accepts only the exact signature of the exact bytes', () => {
    const header = signMetaBody('app-secret', body);
    expect(isValidMetaSignature(header, 'app-secret', body)).toBe(true);
    expect(isValidMetaSignature(header.toUpperCase().replace('SHA256=', 'sha256='), 'app-secret', body)).toBe(
      true,
    );
    expect(isValidMetaSignature(header, 'other-secret', body)).toBe(false);
    // Re-encoding the JSON (ü instead of \u00fc) changes the bytes: the signature no longer holds.
    expect(
      isValidMetaSignature(header, 'app-secret', Buffer.from(JSON.stringify(JSON.parse(body.toString())))),
    ).toBe(false);
    expect(isValidMetaSignature(undefined, 'app-secret', body)).toBe(false);
    expect(isValidMetaSignature(header, '', body)).toBe(false);
  });

  it('answers the subscription check only with the right verify token', () => {
    const check = (query: Record<string, string>) =>
      readMetaWebhook(
        { method: 'GET', query, headers: {}, rawBody: Buffer.alloc(0) },
        { appSecret: 's', verifyToken: 'vt' },
      );
    expect(
      check({ 'hub.mode': 'subscribe', 'hub.verify_token': 'vt', 'hub.challenge': '1158201444' }),
    ).toEqual({
      kind: 'challenge',
      challenge: '1158201444',
    });
    expect(check({ 'hub.mode': 'subscribe', 'hub.verify_token': 'wrong', 'hub.challenge': '1' }).kind).toBe(
      'refused',
    );
    expect(check({ 'hub.verify_token': 'vt', 'hub.challenge': '1' }).kind).toBe('refused');
  });

  it('reads a signed POST and refuses an unsigned one', () => {
    const post = (header: string | undefined) =>
      readMetaWebhook(
        { method: 'POST', query: {}, headers: { 'x-hub-signature-256': header }, rawBody: body },
        { appSecret: 's', verifyToken: 'vt' },
      );
    expect(post(signMetaBody('s', body))).toMatchObject({ kind: 'event', body: { object: 'page' } });
    expect(post(undefined)).toEqual({ kind: 'refused', reason: 'signature mismatch' });
  });
});
