import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from './public-address.js';

/*
 * GET of a page someone put in a chat, on their behalf, from inside our network: only http(s), only
 * public addresses (every address a name resolves to, on every redirect hop), and the connection
 * goes to the address that was checked — the name is never resolved a second time, so a DNS answer
 * that changes between check and connect (rebinding) cannot send us inward. Small and quick: the
 * body is cut at a size cap and the whole exchange at a time limit.
 */

export type ResolvedAddress = { address: string; family: 4 | 6 };
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type GuardedFetchOptions = {
  /** Name resolution; the system resolver by default (tests give names fixed answers). */
  resolve?: Resolver;
  /**
   * Addresses let through although not public. Empty in production; tests use it to reach their own
   * local server. Exact addresses only, never ranges.
   */
  allowAddresses?: readonly string[];
  maxRedirects?: number;
  maxBytes?: number;
  timeoutMs?: number;
  /** Content types accepted (compared without parameters). */
  acceptTypes?: readonly string[];
  userAgent?: string;
};

export type GuardedResponse = {
  /** Where the body came from, after redirects. */
  url: string;
  contentType: string;
  body: Buffer;
  /** The body was longer than the cap and was cut there. */
  isTruncated: boolean;
};

export class RefusedFetchError extends Error {
  constructor(
    readonly reason: 'scheme' | 'address' | 'redirects' | 'status' | 'type' | 'timeout' | 'network',
    message: string,
  ) {
    super(message);
    this.name = 'RefusedFetchError';
  }
}

const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

/** The literal host of a URL ("[::1]" → "::1"). */
const bareHost = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

export const createGuardedFetch = (options: GuardedFetchOptions = {}) => {
  const resolve = options.resolve ?? systemResolver;
  const allowed = new Set(options.allowAddresses ?? []);
  const maxRedirects = options.maxRedirects ?? 3;
  const maxBytes = options.maxBytes ?? 512 * 1024;
  const timeoutMs = options.timeoutMs ?? 5000;
  const acceptTypes = options.acceptTypes ?? ['text/html', 'application/xhtml+xml'];
  const userAgent = options.userAgent ?? 'OpenKefu-LinkPreview/1.0';

  const isAllowed = (address: string) => allowed.has(address) || isPublicAddress(address);

  /** Every address of the host, all checked; refused if any one is not public. */
  const resolveChecked = async (hostname: string): Promise<ResolvedAddress[]> => {
    const host = bareHost(hostname);
    const literal = isIP(host);
    let addresses: ResolvedAddress[];
    if (literal) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
    else {
      try {
        addresses = await resolve(host);
      } catch {
        throw new RefusedFetchError('network', `cannot resolve ${host}`);
      }
    }
    if (addresses.length === 0) throw new RefusedFetchError('network', `cannot resolve ${host}`);
    for (const { address } of addresses)
      if (!isAllowed(address)) throw new RefusedFetchError('address', `${host} is not a public address`);
    return addresses;
  };

  /** Hands the socket only the checked addresses: no second DNS query happens at connect time. */
  const lookupFrom =
    (addresses: ResolvedAddress[]): LookupFunction =>
    (_hostname, lookupOptions, callback) => {
      const first = addresses[0] as ResolvedAddress;
      if ((lookupOptions as { all?: boolean }).all)
        (callback as (error: null, all: ResolvedAddress[]) => void)(null, addresses);
      else callback(null, first.address, first.family);
    };

  const requestOnce = (
    url: URL,
    addresses: ResolvedAddress[],
    signal: AbortSignal,
  ): Promise<IncomingMessage> =>
    new Promise((resolvePromise, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      const request = client.request(
        url,
        {
          method: 'GET',
          lookup: lookupFrom(addresses),
          signal,
          agent: false,
          headers: {
            'user-agent': userAgent,
            accept: 'text/html,application/xhtml+xml;q=0.9',
            'accept-encoding': 'identity',
          },
        },
        resolvePromise,
      );
      request.on('error', reject);
      request.end();
    });

  const readCapped = (response: IncomingMessage): Promise<{ body: Buffer; isTruncated: boolean }> =>
    new Promise((resolvePromise, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let isDone = false;
      const finish = (isTruncated: boolean) => {
        if (isDone) return;
        isDone = true;
        resolvePromise({ body: Buffer.concat(chunks).subarray(0, maxBytes), isTruncated });
      };
      response.on('data', (chunk: Buffer) => {
        if (isDone) return;
        chunks.push(chunk);
        size += chunk.length;
        if (size >= maxBytes) {
          finish(true);
          // Read no further: the rest of a huge (or endless) page never comes in.
          response.destroy();
        }
      });
      response.on('end', () => finish(false));
      response.on('error', (error) => {
        if (!isDone) reject(error);
      });
      response.on('close', () => {
        if (!isDone) reject(new RefusedFetchError('network', 'connection closed'));
      });
    });

  return async (input: string): Promise<GuardedResponse> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      let url = new URL(input);
      for (let hop = 0; ; hop += 1) {
        if (url.protocol !== 'http:' && url.protocol !== 'https:')
          throw new RefusedFetchError('scheme', `${url.protocol} is not http or https`);
        if (url.username || url.password) throw new RefusedFetchError('scheme', 'credentials in the address');
        const addresses = await resolveChecked(url.hostname);
        if (controller.signal.aborted) throw new RefusedFetchError('timeout', 'time limit');
        const response = await requestOnce(url, addresses, controller.signal);
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.destroy();
          if (hop >= maxRedirects) throw new RefusedFetchError('redirects', 'too many redirects');
          url = new URL(response.headers.location, url);
          continue;
        }
        if (status < 200 || status >= 300) {
          response.destroy();
          throw new RefusedFetchError('status', `status ${status}`);
        }
        const contentType = String(response.headers['content-type'] ?? '').toLowerCase();
        const mediaType = contentType.split(';')[0]?.trim() ?? '';
        if (!acceptTypes.includes(mediaType)) {
          response.destroy();
          throw new RefusedFetchError('type', `${mediaType || 'no content type'} is not accepted`);
        }
        const { body, isTruncated } = await readCapped(response);
        return { url: url.toString(), contentType, body, isTruncated };
      }
    } catch (error) {
      if (controller.signal.aborted) throw new RefusedFetchError('timeout', 'time limit');
      if (error instanceof RefusedFetchError) throw error;
      throw new RefusedFetchError('network', error instanceof Error ? error.message : String(error));
    } finally {
      clearTimeout(timer);
    }
  };
};

export type GuardedFetch = ReturnType<typeof createGuardedFetch>;
