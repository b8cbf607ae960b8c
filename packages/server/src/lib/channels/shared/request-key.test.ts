import { describe, expect, it } from 'vitest';
import { requestKeyOf } from './request-key.js';

describe('requestKeyOf', () => {
  it('answers the same version-5 UUID for the same id, another for another id', () => {
    const key = requestKeyOf('m_01HZX3');
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(requestKeyOf('m_01HZX3')).toBe(key);
    expect(requestKeyOf('m_01HZX4')).not.toBe(key);
  });
});
