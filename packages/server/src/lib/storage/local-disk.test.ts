import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from './local-disk.js';
import { createStorageKey, isStorageKey, thumbnailKeyOf } from './storage.js';

const root = mkdtempSync(join(tmpdir(), 'openkefu-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const oid = 'a1b2c3d4e5f6g7h8i9j0';

describe('storage keys', () => {
  it('are <oid>/<yyyy>/<mm>/<random>.<ext>, random each time', () => {
    const key = createStorageKey(oid, 'png', new Date(Date.UTC(2026, 10, 22)));
    expect(key).toMatch(/^a1b2c3d4e5f6g7h8i9j0\/2026\/11\/[a-z0-9]{24}\.png$/);
    expect(createStorageKey(oid, 'png')).not.toBe(createStorageKey(oid, 'png'));
    expect(thumbnailKeyOf(key, 'webp')).toBe(key.replace(/\.png$/, '-thumb.webp'));
  });

  it('refuse anything that could leave the directory or was not made by createStorageKey', () => {
    for (const key of [
      '../etc/passwd',
      `${oid}/2026/11/../../../x.png`,
      `/${oid}/2026/11/abcdefghijklmnopqrstuvwx.png`,
      `${oid}/2026/11/abcdefghijklmnopqrstuvwx.png/`,
      `${oid}/2026/11/.staging.png`,
      `${oid}/2026/11/report.pdf`,
      `${oid}\\2026\\11\\abcdefghijklmnopqrstuvwx.png`,
    ]) {
      expect(isStorageKey(key)).toBe(false);
    }
    expect(() => createStorageKey('../x', 'png')).toThrow();
  });
});

describe('local-disk storage', () => {
  const storage = createLocalDiskStorage({ root, publicBaseUrl: 'https://kefu.example.com/' });

  it('stores a buffer or a stream, reads it back whole or in part, and deletes it', async () => {
    const key = createStorageKey(oid, 'txt');
    expect(await storage.put(key, Buffer.from('hello, storage'))).toBe(14);
    expect(readFileSync(join(root, key), 'utf8')).toBe('hello, storage');
    expect(await storage.size(key)).toBe(14);

    const whole = await storage.get(key);
    expect(whole?.size).toBe(14);
    expect(await text(whole!.stream)).toBe('hello, storage');
    const part = await storage.get(key, { start: 7, end: 13 });
    expect(part?.size).toBe(14);
    expect(await text(part!.stream)).toBe('storage');

    const streamed = createStorageKey(oid, 'txt');
    expect(await storage.put(streamed, Readable.from([Buffer.from('a'), Buffer.from('bc')]))).toBe(3);
    expect(readFileSync(join(root, streamed), 'utf8')).toBe('abc');

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.size(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('leaves nothing behind when the source fails half-way', async () => {
    const key = createStorageKey(oid, 'bin');
    const failing = Readable.from(
      (async function* () {
        yield Buffer.alloc(1024, 1);
        throw new Error('client went away');
      })(),
    );
    await expect(storage.put(key, failing)).rejects.toThrow('client went away');
    expect(readdirSync(dirname(join(root, key)))).not.toContain(key.split('/').pop());
    expect(readdirSync(dirname(join(root, key))).filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  it('refuses invalid keys on every call', async () => {
    const bad = '../../outside.txt';
    await expect(storage.put(bad, Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
    await expect(storage.get(bad)).rejects.toThrow(/invalid storage key/);
    await expect(storage.delete(bad)).rejects.toThrow(/invalid storage key/);
  });

  it('hands out URLs under /uploads/ on the public address, or same-origin paths', () => {
    const key = createStorageKey(oid, 'png');
    expect(storage.url(key)).toBe(`https://kefu.example.com/uploads/${key}`);
    expect(createLocalDiskStorage({ root, publicBaseUrl: '' }).url(key)).toBe(`/uploads/${key}`);
  });
});
