import { useEffect, useState } from 'react';
import type { PublicConfig } from '@openkefu/contract';
import { fetchPublicConfig } from '../../../shared/auth/session';

let pending: Promise<PublicConfig> | null = null;

/** One request per page life for all public pages; a failure is forgotten so the next mount retries. */
export const loadPublicConfig = (): Promise<PublicConfig> => {
  if (!pending) {
    pending = fetchPublicConfig().catch((error: unknown) => {
      pending = null;
      throw error;
    });
  }
  return pending;
};

/** For tests: forget the loaded configuration. */
export const clearPublicConfigCache = (): void => {
  pending = null;
};

export type PublicConfigState = {
  config: PublicConfig | null;
  isLoading: boolean;
  /** The request failed: pages fall back to what works without it (password sign-in). */
  isFailed: boolean;
};

export const usePublicConfig = (): PublicConfigState => {
  const [state, setState] = useState<PublicConfigState>({ config: null, isLoading: true, isFailed: false });
  useEffect(() => {
    let isActive = true;
    loadPublicConfig().then(
      (config) => {
        if (isActive) setState({ config, isLoading: false, isFailed: false });
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
