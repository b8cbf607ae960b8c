import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';
import { describeEachDatabase } from '../test/databases.js';
import { localizeFieldMessage } from './field-messages.js';

describe('localizeFieldMessage', () => {
  const tooShort = {
    keyword: 'too_small',
    message: 'Too small: expected string to have >=6 characters',
    params: { origin: 'string', minimum: 6, inclusive: true },
  };

  it("renders zod's default message in Chinese for zh-CN", () => {
    const message = localizeFieldMessage(tooShort, 'zh-CN');
    expect(message).not.toBe(tooShort.message);
    expect(message).toMatch(/6/);
    expect(message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('keeps English for en-US', () => {
    expect(localizeFieldMessage(tooShort, 'en-US')).toBe(tooShort.message);
  });

  it("keeps a schema's own message as written", () => {
    const custom = {
      keyword: 'invalid_format',
      message: 'must start with / or http(s)://',
      params: { format: 'regex' },
    };
    expect(localizeFieldMessage(custom, 'zh-CN')).toBe('must start with / or http(s)://');
  });
});

await describeEachDatabase('validation messages in the request language', (target) => {
  const ctx = useTestApp(target);

  it('answers a zh-CN request with Chinese field messages, naming each field', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/register',
      headers: { 'accept-language': 'zh-CN' },
      payload: { method: 'username', username: 'okuser', password: '1', nickname: 'Ok', organization: 'Org' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ message: string; fields: { field: string; message: string }[] }>();
    expect(body.message).toMatch(/[\u4e00-\u9fff]/);
    expect(body.fields).toHaveLength(1);
    expect(body.fields[0]?.field).toBe('password');
    expect(body.fields[0]?.message).toMatch(/[\u4e00-\u9fff]/);
  });
});
