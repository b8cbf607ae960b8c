import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSealer, loadSecretKey } from './sealed.js';

const dir = mkdtempSync(join(tmpdir(), 'openkefu-sealed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sealed secrets', () => {
  it('round-trips, never stores the plain text, and refuses a tampered value', () => {
    const sealer = createSealer(loadSecretKey({ secretKey: '', dataDir: dir }));
    const sealed = sealer.seal('sk-live-1234567890');
    expect(sealed).not.toContain('sk-live');
    expect(sealer.seal('sk-live-1234567890')).not.toBe(sealed);
    expect(sealer.open(sealed)).toBe('sk-live-1234567890');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    expect(() => sealer.open([parts[0], parts[1], parts[2], body.toString('base64url')].join('.'))).toThrow();
  });

  it('keeps one key per data directory, private to its owner, unless SECRET_KEY is set', () => {
    const first = loadSecretKey({ secretKey: '', dataDir: dir });
    expect(loadSecretKey({ secretKey: '', dataDir: dir }).equals(first)).toBe(true);
    expect(statSync(join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
    const given = loadSecretKey({ secretKey: 'ab'.repeat(32), dataDir: dir });
    expect(given.equals(Buffer.from('ab'.repeat(32), 'hex'))).toBe(true);
    const other = createSealer(given);
    expect(() => other.open(createSealer(first).seal('x'))).toThrow();
  });
});
