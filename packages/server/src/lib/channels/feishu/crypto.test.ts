import { describe, expect, it } from 'vitest';
import {
  decryptFeishuEvent,
  encryptFeishuEvent,
  isValidFeishuSignature,
  signFeishuRequest,
} from './crypto.js';

describe('Feishu event crypto', () => {
  it('decrypts the open platform documentation example', () => {
    // "test key" / "hello world": the example of Feishu's event decryption guide.
    expect(decryptFeishuEvent('test key', 'P37w+VZImNgPEO1RBhJ6RtKl7n6zymIbEG1pReEzghk=')).toBe(
      'hello world',
    );
  });

  it('round-trips an event and refuses a wrong key or damaged text', () => {
    const encrypted = encryptFeishuEvent('my key', '{"type":"url_verification","challenge":"c-1"}');
    expect(JSON.parse(decryptFeishuEvent('my key', encrypted))).toEqual({
      type: 'url_verification',
      challenge: 'c-1',
    });
    expect(() => decryptFeishuEvent('other key', encrypted)).toThrow();
    expect(() => decryptFeishuEvent('my key', encrypted.slice(0, 20))).toThrow();
  });

  it('signs timestamp + nonce + key + raw body with SHA-256', () => {
    const body = Buffer.from('{"encrypt":"P37w+VZImNgPEO1RBhJ6RtKl7n6zymIbEG1pReEzghk="}');
    const signature = signFeishuRequest('1700000000', '3f2a', 'test key', body);
    expect(signature).toBe('09de6c3af8c118d157386769a83e6921baa294da5a76d21d12af446def587910');
    const headers = {
      'x-lark-request-timestamp': '1700000000',
      'x-lark-request-nonce': '3f2a',
      'x-lark-signature': signature,
    };
    expect(isValidFeishuSignature(headers, 'test key', body)).toBe(true);
    expect(isValidFeishuSignature(headers, 'test key', Buffer.concat([body, Buffer.from(' ')]))).toBe(false);
    expect(isValidFeishuSignature({ ...headers, 'x-lark-request-nonce': '3f2b' }, 'test key', body)).toBe(
      false,
    );
    expect(isValidFeishuSignature({ ...headers, 'x-lark-signature': undefined }, 'test key', body)).toBe(
      false,
    );
  });
});
