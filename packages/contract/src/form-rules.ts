import { z } from 'zod';
import type { Language } from './enums.js';
import { targetedPatternProblem } from './targeted.js';

/*
 * Form items and the one set of answer rules (issue 16). The pre-chat form's fields (form.ts) are
 * a subset of these items: the same checks run for a pre-chat form before a chat, for the public
 * form page, and in the console's preview. Pure: no I/O, no clock.
 */

/**
 * Item types of the form builder. The first five are the pre-chat form's (text = the spec's
 * "input", mobile = phone); `section` starts a titled group of items and asks nothing.
 */
export const formItemTypeValues = [
  'text',
  'number',
  'select',
  'email',
  'mobile',
  'textarea',
  'radio',
  'checkbox',
  'rating',
  'nps',
  'date',
  'file',
  'section',
] as const;
export const formItemTypeSchema = z.enum(formItemTypeValues);
export type FormItemType = z.infer<typeof formItemTypeSchema>;

/** Types whose answer is one or more of the item's options. */
export const choiceItemTypes = ['select', 'radio', 'checkbox'] as const satisfies readonly FormItemType[];
/** Types a later item's condition may look at. */
export const conditionSourceTypes = [
  ...choiceItemTypes,
  'rating',
  'nps',
] as const satisfies readonly FormItemType[];

export const isChoiceItem = (type: FormItemType): boolean =>
  (choiceItemTypes as readonly string[]).includes(type);

const keySchema = z
  .string()
  .trim()
  .regex(/^[a-zA-Z][a-zA-Z0-9_]{0,31}$/, 'must be letters, digits or _ (up to 32), starting with a letter');

/** Show the item only when an earlier item's answer is one of `values` (any of them, for checkboxes). */
export const formConditionSchema = z.object({
  key: keySchema,
  values: z.array(z.string().trim().min(1).max(64)).min(1).max(50),
});
export type FormCondition = z.infer<typeof formConditionSchema>;

/**
 * One item of a form. Every property past `options` is optional, so pre-chat fields saved before
 * the builder read back unchanged.
 */
export const formItemSchema = z.object({
  key: keySchema,
  label: z.string().trim().max(200),
  type: formItemTypeSchema,
  required: z.boolean(),
  /** Choices in the order shown. */
  options: z.array(z.string().trim().min(1).max(64)).max(50).default([]),
  /** A line under the label. */
  help: z.string().trim().max(300).optional(),
  /** Length for text, count for checkboxes, value for numbers; stars (3–10) as `max` for ratings. */
  min: z.number().int().min(0).max(100_000).optional(),
  max: z.number().int().min(0).max(100_000).optional(),
  /** A regular expression text answers must match, with the message shown when they do not. */
  pattern: z.string().max(200).optional(),
  patternMessage: z.string().trim().max(120).optional(),
  showIf: formConditionSchema.optional(),
  /**
   * Pre-chat routing (the original's 205 flow): option → skill group wid. A visitor who picks the
   * option is put through to that group. Select and radio items only.
   */
  routes: z.record(z.string().trim().min(1).max(64), z.string().trim().min(1).max(64)).optional(),
});
export type FormItem = z.infer<typeof formItemSchema>;

/** Types whose options may route the conversation to a skill group. */
export const routableItemTypes = ['select', 'radio'] as const satisfies readonly FormItemType[];

/** What an answer holds: text, or the options ticked for a checkbox item. */
export const formValueSchema = z.union([z.string().max(5000), z.array(z.string().max(500)).max(50)]);
export type FormValue = z.infer<typeof formValueSchema>;
export const formValuesSchema = z.record(z.string().max(32), formValueSchema);
export type FormValues = z.infer<typeof formValuesSchema>;

export const formErrorCodeValues = [
  'required',
  'tooShort',
  'tooLong',
  'tooFew',
  'tooMany',
  'tooSmall',
  'tooLarge',
  'pattern',
  'email',
  'phone',
  'number',
  'wholeRange',
  'option',
  'date',
  'rating',
  'file',
] as const;
export type FormErrorCode = (typeof formErrorCodeValues)[number];

export type FormAnswerError = {
  key: string;
  code: FormErrorCode;
  params?: { min?: number; max?: number; message?: string };
};

export const mobilePattern = /^\+?[0-9 -]{5,20}$/;
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const numberPattern = /^-?\d+(\.\d+)?$/;
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
/** An uploaded attachment's public id (upload module). */
const fileIdPattern = /^[A-Za-z0-9_-]{8,64}$/;

const isDate = (value: string): boolean => {
  const match = datePattern.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
};

const textOf = (value: FormValue | undefined): string =>
  typeof value === 'string' ? value.trim() : Array.isArray(value) ? (value[0] ?? '').trim() : '';

const listOf = (value: FormValue | undefined): string[] => {
  const list = typeof value === 'string' ? [value] : (value ?? []);
  return [...new Set(list.map((entry) => entry.trim()).filter(Boolean))];
};

const matchesCondition = (condition: FormCondition, value: FormValue | undefined): boolean => {
  if (value === undefined) return false;
  return listOf(value).some((entry) => condition.values.includes(entry));
};

/**
 * Which items are shown for these answers. A condition looks at an earlier item: an item whose
 * source is hidden is hidden too, and a hidden section hides every item up to the next section.
 */
export const visibleItemKeys = (items: readonly FormItem[], values: FormValues): Set<string> => {
  const visible = new Set<string>();
  let isSectionShown = true;
  for (const item of items) {
    const isOwnShown =
      !item.showIf ||
      (visible.has(item.showIf.key) && matchesCondition(item.showIf, values[item.showIf.key]));
    if (item.type === 'section') {
      isSectionShown = isOwnShown;
      if (isSectionShown) visible.add(item.key);
      continue;
    }
    if (isSectionShown && isOwnShown) visible.add(item.key);
  }
  return visible;
};

const safePattern = (pattern: string): RegExp | null => {
  if (targetedPatternProblem({ matchType: 'regex', pattern }) !== null) return null;
  try {
    return new RegExp(pattern);
  } catch {
    return null;
  }
};

/** One item's answer: the cleaned value, or the rule it breaks. An empty answer is `value: null`. */
const checkItem = (
  item: FormItem,
  raw: FormValue | undefined,
): { value: FormValue | null } | { error: FormAnswerError } => {
  const fail = (code: FormErrorCode, params?: FormAnswerError['params']) => ({
    error: { key: item.key, code, ...(params ? { params } : {}) },
  });
  if (item.type === 'checkbox') {
    const ticked = listOf(raw);
    if (ticked.length === 0) return item.required ? fail('required') : { value: null };
    if (ticked.some((entry) => !item.options.includes(entry))) return fail('option');
    if (item.min !== undefined && ticked.length < item.min) return fail('tooFew', { min: item.min });
    if (item.max !== undefined && ticked.length > item.max) return fail('tooMany', { max: item.max });
    // The options' order, whatever order the browser sent them in.
    return { value: item.options.filter((option) => ticked.includes(option)) };
  }
  const value = textOf(raw);
  if (!value) return item.required ? fail('required') : { value: null };
  switch (item.type) {
    case 'mobile':
      return mobilePattern.test(value) ? { value } : fail('phone');
    case 'email':
      return emailPattern.test(value) && value.length <= 128 ? { value } : fail('email');
    case 'number': {
      if (!numberPattern.test(value)) return fail('number');
      // The pre-chat form's built-in age: a person's age in whole years.
      if (
        item.key === 'age' &&
        (!Number.isInteger(Number(value)) || Number(value) < 0 || Number(value) > 150)
      )
        return fail('wholeRange', { min: 0, max: 150 });
      if (item.min !== undefined && Number(value) < item.min) return fail('tooSmall', { min: item.min });
      if (item.max !== undefined && Number(value) > item.max) return fail('tooLarge', { max: item.max });
      return { value };
    }
    case 'select':
    case 'radio':
      return item.options.includes(value) ? { value } : fail('option');
    case 'rating': {
      const stars = item.max ?? 5;
      return /^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= stars
        ? { value: String(Number(value)) }
        : fail('rating', { min: 1, max: stars });
    }
    case 'nps':
      return /^\d{1,2}$/.test(value) && Number(value) <= 10
        ? { value: String(Number(value)) }
        : fail('rating', { min: 0, max: 10 });
    case 'date':
      return isDate(value) ? { value } : fail('date');
    case 'file':
      return fileIdPattern.test(value) ? { value } : fail('file');
    default: {
      // text and textarea
      const length = [...value].length;
      if (item.min !== undefined && length < item.min) return fail('tooShort', { min: item.min });
      const longest = item.max ?? (item.type === 'textarea' ? 5000 : 500);
      if (length > longest) return fail('tooLong', { max: longest });
      if (item.pattern) {
        const regex = safePattern(item.pattern);
        if (regex && !regex.test(value))
          return fail('pattern', item.patternMessage ? { message: item.patternMessage } : undefined);
      }
      return { value };
    }
  }
};

/**
 * Checks answers against a form's items — the one place these rules live (server and console).
 * Items hidden by their conditions are not required and their answers are dropped, as are
 * answers to unknown keys and to sections. `values` keeps the items' order.
 */
export const validateFormAnswers = (
  items: readonly FormItem[],
  input: FormValues,
): { values: FormValues; errors: FormAnswerError[] } => {
  const visible = visibleItemKeys(items, input);
  const values: FormValues = {};
  const errors: FormAnswerError[] = [];
  for (const item of items) {
    if (item.type === 'section' || !visible.has(item.key)) continue;
    const result = checkItem(item, input[item.key]);
    if ('error' in result) errors.push(result.error);
    else if (result.value !== null) values[item.key] = result.value;
  }
  return { values, errors };
};

/**
 * The skill group the answers route to: the first shown item (in form order) whose answer has a
 * route. null when no answer routes. Use on answers already checked by validateFormAnswers.
 */
export const routeOfAnswers = (items: readonly FormItem[], values: FormValues): string | null => {
  const visible = visibleItemKeys(items, values);
  for (const item of items) {
    if (!item.routes || !visible.has(item.key)) continue;
    const value = values[item.key];
    const wid = typeof value === 'string' ? item.routes[value] : undefined;
    if (wid) return wid;
  }
  return null;
};

const errorTexts: Record<FormErrorCode, Record<Language, string>> = {
  required: { 'en-US': 'is required', 'zh-CN': '必填' },
  tooShort: { 'en-US': 'must be at least {min} characters', 'zh-CN': '至少 {min} 个字' },
  tooLong: { 'en-US': 'must be at most {max} characters', 'zh-CN': '最多 {max} 个字' },
  tooFew: { 'en-US': 'choose at least {min}', 'zh-CN': '至少选择 {min} 项' },
  tooMany: { 'en-US': 'choose at most {max}', 'zh-CN': '最多选择 {max} 项' },
  tooSmall: { 'en-US': 'must be at least {min}', 'zh-CN': '不能小于 {min}' },
  tooLarge: { 'en-US': 'must be at most {max}', 'zh-CN': '不能大于 {max}' },
  pattern: { 'en-US': 'is not in the expected format', 'zh-CN': '格式不正确' },
  email: { 'en-US': 'must be an email address', 'zh-CN': '请输入有效的邮箱地址' },
  phone: { 'en-US': 'must be a phone number', 'zh-CN': '请输入有效的电话号码' },
  number: { 'en-US': 'must be a number', 'zh-CN': '请输入数字' },
  wholeRange: {
    'en-US': 'must be a whole number from {min} to {max}',
    'zh-CN': '请输入 {min} 到 {max} 之间的整数',
  },
  option: { 'en-US': 'must be one of the options', 'zh-CN': '请从选项中选择' },
  date: { 'en-US': 'must be a date (YYYY-MM-DD)', 'zh-CN': '请输入日期（YYYY-MM-DD）' },
  rating: { 'en-US': 'must be from {min} to {max}', 'zh-CN': '请选择 {min} 到 {max} 之间的分值' },
  file: { 'en-US': 'must be an uploaded file', 'zh-CN': '请上传文件' },
};

/** The error in words; a pattern's own message (the form author's) wins over the generic one. */
export const describeFormError = (error: FormAnswerError, language: Language): string => {
  if (error.code === 'pattern' && error.params?.message) return error.params.message;
  return errorTexts[error.code][language].replace(/\{(min|max)\}/g, (_, name: 'min' | 'max') =>
    String(error.params?.[name] ?? ''),
  );
};

/* ---- rules of a form's items (the builder's save) ---- */

const ratingStars = { min: 3, max: 10 };

/** Keys unique, labels given, choices with options, conditions on earlier choice items, safe patterns. */
export const checkFormItems = (items: readonly FormItem[], ctx: z.RefinementCtx): void => {
  const earlier = new Map<string, FormItem>();
  items.forEach((item, index) => {
    const at = (field: string) => [index, field];
    if (earlier.has(item.key))
      ctx.addIssue({ code: 'custom', message: 'this key is used twice', path: at('key') });
    if (!item.label) ctx.addIssue({ code: 'custom', message: 'is required', path: at('label') });
    if (isChoiceItem(item.type)) {
      if (item.options.length === 0)
        ctx.addIssue({ code: 'custom', message: 'give at least one option', path: at('options') });
      if (new Set(item.options).size !== item.options.length)
        ctx.addIssue({ code: 'custom', message: 'options must differ', path: at('options') });
    }
    if (item.routes && Object.keys(item.routes).length > 0) {
      if (!(routableItemTypes as readonly string[]).includes(item.type))
        ctx.addIssue({ code: 'custom', message: 'only select and radio items route', path: at('routes') });
      else if (Object.keys(item.routes).some((option) => !item.options.includes(option)))
        ctx.addIssue({ code: 'custom', message: "must be among the item's options", path: at('routes') });
    }
    if (item.min !== undefined && item.max !== undefined && item.min > item.max)
      ctx.addIssue({ code: 'custom', message: 'must not be less than min', path: at('max') });
    if (
      item.type === 'rating' &&
      item.max !== undefined &&
      (item.max < ratingStars.min || item.max > ratingStars.max)
    )
      ctx.addIssue({
        code: 'custom',
        message: `must be from ${ratingStars.min} to ${ratingStars.max} stars`,
        path: at('max'),
      });
    if (item.pattern) {
      const problem = targetedPatternProblem({ matchType: 'regex', pattern: item.pattern });
      if (problem)
        ctx.addIssue({
          code: 'custom',
          message:
            problem === 'invalid'
              ? 'must be a valid regular expression'
              : 'must not repeat a group that repeats',
          path: at('pattern'),
        });
    }
    if (item.showIf) {
      const source = earlier.get(item.showIf.key);
      if (!source || !(conditionSourceTypes as readonly string[]).includes(source.type))
        ctx.addIssue({
          code: 'custom',
          message: 'must name an earlier choice, rating or NPS item',
          path: [index, 'showIf', 'key'],
        });
      else if (
        isChoiceItem(source.type) &&
        item.showIf.values.some((value) => !source.options.includes(value))
      )
        ctx.addIssue({
          code: 'custom',
          message: "must be among that item's options",
          path: [index, 'showIf', 'values'],
        });
    }
    earlier.set(item.key, item);
  });
};

export const formItemsSchema = z.array(formItemSchema).max(100).superRefine(checkFormItems);
