import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Spec §2/§9: loading a page module times out after 120 seconds. */
export const PAGE_LOAD_TIMEOUT_MS = 120_000;

export class PageLoadTimeoutError extends Error {
  constructor() {
    super('page module load timed out');
    this.name = 'PageLoadTimeoutError';
  }
}

export const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PageLoadTimeoutError()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });

export type PageModuleLoader = () => Promise<{ default: ComponentType }>;

const cache = new Map<string, LazyExoticComponent<ComponentType>>();

/**
 * One lazy component per page key, whose load fails after the timeout. A failed load is not
 * cached by React, so `forgetLazyPage` + a re-render is a retry.
 */
export const getLazyPage = (key: string, loader: PageModuleLoader, timeoutMs = PAGE_LOAD_TIMEOUT_MS) => {
  let component = cache.get(key);
  if (!component) {
    component = lazy(() => withTimeout(loader(), timeoutMs));
    cache.set(key, component);
  }
  return component;
};

export const forgetLazyPage = (key: string): void => {
  cache.delete(key);
};
