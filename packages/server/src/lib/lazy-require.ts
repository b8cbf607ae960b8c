import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS package loaded at its first use rather than at start-up (issue 18: start time and idle
 * memory), synchronously, so callers stay synchronous. Later calls return the same module.
 */
export const lazyRequire = <T>(id: string): (() => T) => {
  let loaded: T | undefined;
  return () => (loaded ??= require(id) as T);
};
