import { describe, expect, it } from 'vitest';
import { isValidLineSignature, signLineBody } from './signature.js';

const secret = '8c570fa6dd201bb328f1c1eac23a96d8';
const body = Buffer.from('{"destination":"U1","events":[]}');

describe('LINE webhook signature', () => {
  it('is base64 HMAC-SHA256 of the raw body with the channel secret', () => {
    expect(signLineBody(secret, body)).toBe('wkdF2jkT9qcI9xo3dy8DgHvcuPACq9NJ3RqICYTQy/0=');
  });

  it('accepts only that signature over those bytes', () => {
    expect(isValidLineSignature('wkdF2jkT9qcI9xo3dy8DgHvcuPACq9NJ3RqICYTQy/0=', secret, body)).toBe(true);
    expect(isValidLineSignature('wkdF2jkT9qcI9xo3dy8DgHvcuPACq9NJ3RqICYTQy/1=', secret, body)).toBe(false);
    expect(
      isValidLineSignature(
        signLineBody(secret, body),
        secret,
        Buffer.from('{"destination":"U1","events":[] }'),
      ),
    ).toBe(false);
    expect(isValidLineSignature(undefined, secret, body)).toBe(false);
    expect(isValidLineSignature(signLineBody('', body), '', body)).toBe(false);
  });
});
