import { createHash } from 'node:crypto';

/*
 * Platforms that de-duplicate sends by a request key in UUID form (LINE's X-Line-Retry-Key,
 * Feishu's uuid) get one derived from the outbound message's stable id: a retried delivery then
 * carries the same key and the platform drops the second copy.
 */

/** Our own namespace, so equal ids in other UUIDv5 schemes give other UUIDs. */
const namespace = Buffer.from('6f70656e6b6566758a9c68616e6e656c', 'hex');

/** A name-based UUID (version 5: SHA-1 over namespace and id), the same for the same id. */
export const requestKeyOf = (id: string): string => {
  const bytes = createHash('sha1').update(namespace).update(id, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
