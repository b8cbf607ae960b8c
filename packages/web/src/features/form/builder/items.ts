import { conditionSourceTypes, isChoiceItem, type FormItem, type FormItemType } from '@openkefu/contract';

/* Pure helpers of the builder: new items, moves, and what a condition may look at. */

/** The types the builder offers, in its menu's order (text is the spec's "input", mobile "phone"). */
export const builderItemTypes: FormItemType[] = [
  'radio',
  'checkbox',
  'select',
  'text',
  'textarea',
  'number',
  'rating',
  'nps',
  'date',
  'email',
  'mobile',
  'file',
  'section',
];

/** The first free key `q1`, `q2`… (keys name answers in exports and conditions, so they never change). */
export const nextKey = (items: readonly FormItem[], prefix = 'q'): string => {
  const used = new Set(items.map((item) => item.key));
  let index = items.length + 1;
  while (used.has(`${prefix}${index}`)) index += 1;
  return `${prefix}${index}`;
};

export const createItem = (
  type: FormItemType,
  items: readonly FormItem[],
  words: { label: string; option: (n: number) => string },
): FormItem => ({
  key: nextKey(items, type === 'section' ? 's' : 'q'),
  label: words.label,
  type,
  required: false,
  options: isChoiceItem(type) ? [words.option(1), words.option(2)] : [],
  ...(type === 'rating' ? { max: 5 } : {}),
});

/** Moves the entry at `index` by `delta` (−1 up, +1 down); out of range leaves the list as it is. */
export const move = <T>(list: readonly T[], index: number, delta: number): T[] => {
  const target = index + delta;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [entry] = next.splice(index, 1);
  next.splice(target, 0, entry as T);
  return next;
};

/** Earlier items a condition may look at: choices, ratings and NPS. */
export const conditionSources = (items: readonly FormItem[], index: number): FormItem[] =>
  items.slice(0, index).filter((item) => (conditionSourceTypes as readonly string[]).includes(item.type));

/** The answers a condition on `source` can wait for. */
export const conditionValues = (source: FormItem): string[] => {
  if (source.type === 'rating') return Array.from({ length: source.max ?? 5 }, (_, i) => String(i + 1));
  if (source.type === 'nps') return Array.from({ length: 11 }, (_, i) => String(i));
  return source.options;
};

/**
 * After an item moved or changed: conditions that no longer name an earlier source (or whose
 * values vanished) are dropped, so the saved form never fails the server's rule for them.
 */
export const repairConditions = (items: readonly FormItem[]): FormItem[] =>
  items.map((item, index) => {
    if (!item.showIf) return item;
    const source = conditionSources(items, index).find((candidate) => candidate.key === item.showIf?.key);
    const values = source
      ? item.showIf.values.filter((value) => conditionValues(source).includes(value))
      : [];
    if (source && values.length > 0) return { ...item, showIf: { key: source.key, values } };
    const { showIf: _dropped, ...rest } = item;
    return rest;
  });
