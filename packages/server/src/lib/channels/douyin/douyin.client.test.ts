import { describe, expect, it } from 'vitest';
import { OutsideError } from '../../outside/http.js';
import { assertDouyinOk, signDouyinWebhook } from './douyin.client.js';

describe('Douyin protocol helpers', () => {
  it('signs the documented verify_webhook body as sha1(secret + body)', () => {
    // The body of Douyin's own Go example; digest computed independently with sha1sum.
    const body = Buffer.from('{"event":"verify_webhook","client_key":"abc","content":{"challenge":12345}}');
    expect(signDouyinWebhook('***', body)).toBe('f76a589bf14313f3a63d2a5e1904d5033c35db77');
  });

  it('finds an error in err_no, extra.error_code or data.error_code', () => {
    expect(() =>
      assertDouyinOk({ err_no: 0, data: { error_code: 0 }, extra: { error_code: 0 } }),
    ).not.toThrow();
    for (const answer of [
      { err_no: 2100009, err_msg: 'no permission' },
      { extra: { error_code: 2100009, description: 'no permission' } },
      { data: { error_code: 2100009, description: 'no permission' } },
    ]) {
      const error = (() => {
        try {
          assertDouyinOk(answer);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(OutsideError);
      expect((error as OutsideError).platformCode).toBe('2100009');
      expect((error as OutsideError).isRetryable).toBe(false);
    }
  });

  it('marks system busy as retryable and an expired token as such', () => {
    expect(() => assertDouyinOk({ err_no: 2100004, err_msg: 'busy' })).toThrow(
      expect.objectContaining({ isRetryable: true }),
    );
    expect(() => assertDouyinOk({ extra: { error_code: 2190008 } })).toThrow(
      expect.objectContaining({ platformCode: 'token_expired' }),
    );
  });
});
