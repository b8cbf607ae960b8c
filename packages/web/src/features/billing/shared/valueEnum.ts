import type { TFunction } from 'i18next';

/** ProTable's `valueEnum` (a select in the search form) from a list of keys and their translations. */
export const valueEnumOf = <K extends string>(
  keys: readonly K[],
  t: TFunction,
  prefix: string,
): Record<K, { text: string }> =>
  Object.fromEntries(keys.map((key) => [key, { text: t(`${prefix}.${key}`) }])) as Record<
    K,
    { text: string }
  >;
