import type { Readable } from 'node:stream';
import { createPublicId } from '../ids.js';

/** Inclusive byte range, as in an HTTP `Range: bytes=start-end` header. */
export type ByteRange = { start: number; end: number };

export type StoredObject = {
  stream: Readable;
  /** Size of the whole object, whatever range was asked for. */
  size: number;
};

/**
 * Where uploaded files live. Local disk is the default (DESIGN §2); an object store can stand in
 * later behind the same four calls. Keys are produced by `createStorageKey`, never by clients.
 */
export type Storage = {
  /** Stores the body under the key, replacing nothing half-written on failure; resolves to the bytes written. */
  put: (key: string, body: Readable | Buffer) => Promise<number>;
  /** The object, or a part of it; null when there is no such key. */
  get: (key: string, range?: ByteRange) => Promise<StoredObject | null>;
  /** Size in bytes, or null when there is no such key. */
  size: (key: string) => Promise<number | null>;
  /** Removes the object; a missing key is not an error. */
  delete: (key: string) => Promise<void>;
  /** Address the object is served at. */
  url: (key: string) => string;
};

/**
 * `<oid>/<yyyy>/<mm>/<random>.<ext>`: the tenant first so one organisation's files can be moved or
 * removed together, the month to keep directories small, and ~124 random bits so the public URL
 * cannot be guessed. The client's name never appears: it is display data, not a path.
 */
export const storageKeyPattern = /^[a-z0-9]{1,64}\/\d{4}\/\d{2}\/[a-z0-9]{24}(-thumb)?\.[a-z0-9]{1,8}$/;

export const isStorageKey = (key: string): boolean => storageKeyPattern.test(key);

export const createStorageKey = (oid: string, extension: string, now = new Date()): string => {
  const key = `${oid}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${createPublicId(24)}.${extension}`;
  if (!isStorageKey(key)) throw new Error(`invalid storage key parts: ${oid} / ${extension}`);
  return key;
};

/** The key of an object's thumbnail: the same random id, so the pair is easy to spot on disk. */
export const thumbnailKeyOf = (key: string, extension: string): string => {
  const thumbKey = key.replace(/\.[a-z0-9]+$/, `-thumb.${extension}`);
  if (!isStorageKey(thumbKey)) throw new Error(`invalid thumbnail key for ${key}`);
  return thumbKey;
};

export const extensionOfKey = (key: string): string => /\.([a-z0-9]+)$/.exec(key)?.[1] ?? '';
