import { createHmac } from 'node:crypto';
import type { IceServer } from '@openkefu/contract';

export type IceConfig = {
  stunUrls: string[];
  turnUrls: string[];
  /** coturn's `static-auth-secret` (with `use-auth-secret`); '' gives TURN without credentials. */
  turnSecret: string;
  turnTtlSeconds: number;
};

/**
 * The ICE servers for one party of one call. TURN credentials follow coturn's REST API scheme:
 * username "expiry:user", password base64(HMAC-SHA1(secret, username)), so the server never stores
 * them and they stop working at `expiry` (seconds since the epoch).
 */
export const iceServersFor = (config: IceConfig, user: string, nowMs: number): IceServer[] => {
  const servers: IceServer[] = [];
  if (config.stunUrls.length > 0) servers.push({ urls: config.stunUrls });
  if (config.turnUrls.length > 0) {
    if (config.turnSecret === '') servers.push({ urls: config.turnUrls });
    else {
      const username = `${Math.floor(nowMs / 1000) + config.turnTtlSeconds}:${user}`;
      const credential = createHmac('sha1', config.turnSecret).update(username).digest('base64');
      servers.push({ urls: config.turnUrls, username, credential });
    }
  }
  return servers;
};
