import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createPublicId } from '../ids.js';
import { isStorageKey, type ByteRange, type Storage } from './storage.js';

export type LocalDiskStorageOptions = {
  /** Directory holding the files (UPLOAD_DIR). Created on first write. */
  root: string;
  /** Prefix of the URLs handed out: PUBLIC_URL, or empty for same-origin paths. */
  publicBaseUrl: string;
};

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/** Files under UPLOAD_DIR, served by the upload module at `/uploads/<key>`. */
export const createLocalDiskStorage = (options: LocalDiskStorageOptions): Storage => {
  const root = resolve(options.root);
  const baseUrl = options.publicBaseUrl.replace(/\/+$/, '');

  // Keys come from createStorageKey, but a key read from a URL is client input: the pattern has
  // no dots but the extension's and no absolute paths, and the prefix check makes that certain.
  const pathOf = (key: string): string => {
    if (!isStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key.slice(0, 100))}`);
    const path = resolve(root, key);
    if (!path.startsWith(root + sep)) throw new Error('storage key escapes the upload directory');
    return path;
  };

  const size = async (key: string): Promise<number | null> => {
    try {
      const info = await stat(pathOf(key));
      return info.isFile() ? info.size : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  return {
    put: async (key, body) => {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written beside the target and renamed into place, so a reader never sees half a file.
      const partPath = join(dirname(path), `.${createPublicId(12)}.part`);
      let written = 0;
      try {
        const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
        await pipeline(
          source,
          async function* count(chunks: AsyncIterable<Buffer>) {
            for await (const chunk of chunks) {
              written += chunk.length;
              yield chunk;
            }
          },
          createWriteStream(partPath, { flags: 'wx' }),
        );
        await rename(partPath, path);
        return written;
      } catch (error) {
        await rm(partPath, { force: true });
        throw error;
      }
    },

    get: async (key, range?: ByteRange) => {
      const total = await size(key);
      if (total === null) return null;
      const stream = range
        ? createReadStream(pathOf(key), { start: range.start, end: range.end })
        : createReadStream(pathOf(key));
      return { stream, size: total };
    },

    size,

    delete: async (key) => {
      await rm(pathOf(key), { force: true });
    },

    url: (key) => `${baseUrl}/uploads/${key}`,
  };
};
