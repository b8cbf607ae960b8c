import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A browser's and a push service's side of Web Push for tests, written from the RFCs (8291 message
 * encryption, 8292 VAPID) rather than with the library the server uses, so tests check the wire
 * format and not the library against itself.
 */

export type ReceivedPush = { path: string; headers: IncomingHttpHeaders; body: Buffer };

/** A stand-in push service: records each request; a path ending in /gone answers 410 like a dead subscription. */
export const startPushService = async (onPush?: (push: ReceivedPush) => void) => {
  const received: ReceivedPush[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const push = { path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) };
      received.push(push);
      response.statusCode = request.url?.endsWith('/gone') ? 410 : 201;
      response.end();
      onPush?.(push);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { server, base, received, close };
};

export type BrowserPushKeys = ReturnType<typeof makeBrowserKeys>;

/** A browser's subscription keys: a P-256 key pair and a 16-byte auth secret. */
export const makeBrowserKeys = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
};

/** RFC 8291: decrypts one aes128gcm record with the browser's private key; throws when it does not open. */
export const decryptPush = (body: Buffer, keys: BrowserPushKeys): string => {
  const salt = body.subarray(0, 16);
  const idLength = body[20] as number;
  const serverPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = keys.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
};

/**
 * RFC 8292: reads `vapid t=<JWT>, k=<public key>` and checks the JWT's ES256 signature with that
 * key. Returns the key and the claims; throws when the header or the signature is wrong.
 */
export const readVapid = (authorization: string | undefined) => {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, jwt = '', publicKey = ''] = match;
  const [header = '', claims = '', signature = ''] = jwt.split('.');
  const parsedHeader = JSON.parse(Buffer.from(header, 'base64url').toString()) as Record<string, unknown>;
  if (parsedHeader.alg !== 'ES256') throw new Error(`JWT alg ${String(parsedHeader.alg)}`);
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const isValid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!isValid) throw new Error('the VAPID JWT signature does not verify');
  return {
    publicKey,
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
      aud?: string;
      exp?: number;
      sub?: string;
    },
  };
};
