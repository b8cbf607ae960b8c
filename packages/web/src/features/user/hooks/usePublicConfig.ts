import { useEffect, useState } from 'react';
import type { PublicConfig } from '@openkefu/contract';
import { fetchPublicConfig } from '../../../shared/auth/session';

/** Id of the `<script type="application/json">` in which the server hands over GET /api/v1/config. */
export const INLINED_CONFIG_ID = 'ok-public-config';

/**
 * The configuration the server put into the page (issue 18: one round trip fewer before the form
 * is complete), or null when it did not (the Vite dev server, a plain static host): then it is
 * fetched. Not executable JSON, so the console's CSP keeps refusing inline scripts.
 */
export const readInlinedConfig = (): PublicConfig | null => {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(INLINED_CONFIG_ID)?.textContent;
  if (!text) return null;
  try {
    const config = JSON.parse(text) as unknown;
    return typeof config === 'object' && config !== null && 'loginMethods' in config
      ? (config as PublicConfig)
      : null;
  } catch {
    return null;
  }
};

let known: PublicConfig | null = null;
let pending: Promise<PublicConfig> | null = null;

/**
 * Gives the configuration before any request: the build's pre-rendering passes each variant it
 * renders, the browser the one the server inlined. Pages then render complete on their first pass.
 */
export const primePublicConfig = (config: PublicConfig | null): void => {
  known = config;
  pending = config ? Promise.resolve(config) : null;
};

/** One request per page life for all public pages; a failure is forgotten so the next mount retries. */
export const loadPublicConfig = (): Promise<PublicConfig> => {
  if (!pending && !known) primePublicConfig(readInlinedConfig());
  if (!pending) {
    pending = fetchPublicConfig().then(
      (config) => {
        known = config;
        return config;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
  }
  return pending;
};

/** For tests: forget the loaded configuration. */
export const clearPublicConfigCache = (): void => {
  known = null;
  pending = null;
};

export type PublicConfigState = {
  config: PublicConfig | null;
  isLoading: boolean;
  /** The request failed: pages fall back to what works without it (password sign-in). */
  isFailed: boolean;
};

export const usePublicConfig = (): PublicConfigState => {
  const [state, setState] = useState<PublicConfigState>(() => {
    if (!known && !pending) primePublicConfig(readInlinedConfig());
    return known
      ? { config: known, isLoading: false, isFailed: false }
      : { config: null, isLoading: true, isFailed: false };
  });
  useEffect(() => {
    let isActive = true;
    loadPublicConfig().then(
      (config) => {
        // Already rendered with it (inlined or loaded before): nothing to update.
        if (isActive)
          setState((current) =>
            current.config === config ? current : { config, isLoading: false, isFailed: false },
          );
      },
      () => {
        if (isActive) setState({ config: null, isLoading: false, isFailed: true });
      },
    );
    return () => {
      isActive = false;
    };
  }, []);
  return state;
};

/** Code-based sign-in, registration and password reset need a delivery provider on the server. */
export const isCodeMethodEnabled = (config: PublicConfig | null, method: 'mobile' | 'email'): boolean =>
  config?.loginMethods.includes(method) ?? false;
