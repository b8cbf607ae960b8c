import { z } from 'zod';
import type { Language } from './enums.js';
import {
  checkFormItems,
  describeFormError,
  formItemSchema,
  formValuesSchema,
  validateFormAnswers,
  type FormItem,
  type FormItemType,
  type FormValue,
  type FormValues,
} from './form-rules.js';
import { workgroupBriefSchema } from './user.js';

/*
 * Pre-chat form (issue 5, one use of the form builder since issue 16): what a skill group with
 * `showForm` asks before the chat — the group's chosen form, else the organisation's default, else
 * the built-in one (name, mobile, email).
 */

/** The pre-chat keys the widget names in the visitor's language when their label is ''; answers to them become the visitor's contact. */
export const formBuiltinKeys = ['name', 'mobile', 'email', 'age', 'job'] as const;
export type FormBuiltinKey = (typeof formBuiltinKeys)[number];
export const formBuiltinTypes: Record<FormBuiltinKey, FormItemType> = {
  name: 'text',
  mobile: 'mobile',
  email: 'email',
  age: 'number',
  job: 'text',
};
export const isFormBuiltinKey = (key: string): key is FormBuiltinKey =>
  (formBuiltinKeys as readonly string[]).includes(key);

/** Words for built-in items saved without a label (the issue-5 editor allowed that) and for a form's missing title. */
export const formBuiltinLabels: Record<Language, Record<FormBuiltinKey, string> & { title: string }> = {
  'en-US': {
    title: 'Before we start, please tell us a little about yourself',
    name: 'Name',
    mobile: 'Mobile number',
    email: 'Email',
    age: 'Age',
    job: 'Occupation',
  },
  'zh-CN': {
    title: '咨询前请先填写以下信息',
    name: '姓名',
    mobile: '手机号',
    email: '邮箱',
    age: '年龄',
    job: '职业',
  },
};

/** Built-in items without a label get the word of `language`; other items are left as they are. */
export const labelBuiltinItems = (items: readonly FormItem[], language: Language): FormItem[] =>
  items.map((item) =>
    !item.label && isFormBuiltinKey(item.key)
      ? { ...item, label: formBuiltinLabels[language][item.key] }
      : item,
  );

/** Used when neither the skill group nor the organisation chose a pre-chat form: the name, then a way to call back. */
export const defaultFormFields: FormItem[] = [
  { key: 'name', label: '', type: 'text', required: true, options: [] },
  { key: 'mobile', label: '', type: 'mobile', required: false, options: [] },
  { key: 'email', label: '', type: 'email', required: false, options: [] },
];

/**
 * The pre-chat form of a scope as the compatibility API (/api/form/get, /api/form/save) shows it.
 * Since issue 16 a pre-chat form is a builder form (form-builder.ts) chosen by a skill group
 * (`preChatForm`) or as the organisation's default; these two calls edit that form.
 */
export const formSchema = z.object({
  /** '' when the scope has no form of its own. */
  fid: z.string(),
  /** null: the organisation's default form. */
  workgroup: workgroupBriefSchema.nullable(),
  title: z.string(),
  fields: z.array(formItemSchema),
  /** The live version; 0 for the built-in form. */
  version: z.number().int(),
  createdAt: z.number().nullable(),
  updatedAt: z.number().nullable(),
});
export type Form = z.infer<typeof formSchema>;

/**
 * POST /api/form/save — writes the scope's pre-chat form as a builder form and publishes it (a new
 * one, chosen for the scope, when it has none). Built-in keys may keep an empty label (worded in
 * the caller's language on save); everything else follows the builder's item rules.
 */
export const formSaveBodySchema = z.object({
  wid: z.string().trim().min(1).max(64).optional(),
  title: z.string().trim().max(100).default(''),
  fields: z
    .array(formItemSchema)
    .max(100)
    .superRefine((items, ctx) =>
      checkFormItems(
        items.map((item) =>
          !item.label && isFormBuiltinKey(item.key) ? { ...item, label: item.key } : item,
        ),
        ctx,
      ),
    ),
});
export type FormSaveBody = z.input<typeof formSaveBodySchema>;

/** GET /api/form/get — `wid` omitted: the organisation's default. */
export const formGetQuerySchema = z.object({
  wid: z.string().trim().min(1).max(64).optional(),
  client: z.string().max(32).optional(),
});

/** GET/POST /api/form/prechat/default — the organisation's default pre-chat form (a published builder form). */
export const prechatDefaultSchema = z.object({ fid: z.string().nullable(), title: z.string() });
export type PrechatDefault = z.infer<typeof prechatDefaultSchema>;
export const prechatDefaultBodySchema = z.object({
  /** null or '': no default (the built-in form applies to groups without their own). */
  fid: z.union([z.string().trim().min(1).max(64), z.literal(''), z.null()]),
});

/** GET /visitor/api/form — the form to fill before asking this skill group for a chat. */
export const visitorFormSchema = z.object({
  /** true when the skill group has showForm on and the visitor has no open chat with it. */
  required: z.boolean(),
  /** The builder form's fid and live version; '' and 0 for the built-in form. */
  fid: z.string(),
  version: z.number().int(),
  title: z.string(),
  items: z.array(formItemSchema),
});
export type VisitorForm = z.infer<typeof visitorFormSchema>;

/** Answers travel as `form` in POST /visitor/api/thread/request: item key → text, or the options ticked. */
export const formAnswersInputSchema = formValuesSchema;
export type FormAnswersInput = z.infer<typeof formAnswersInputSchema>;

export const formAnswerSchema = z.object({ key: z.string(), label: z.string(), value: z.string() });
export type FormAnswer = z.infer<typeof formAnswerSchema>;

/** GET /api/form/answers — what the visitor answered before this conversation (latest care cycle). */
export const threadFormAnswersSchema = z.object({
  tid: z.string(),
  answers: z.array(formAnswerSchema),
  createdAt: z.number(),
});
export type ThreadFormAnswers = z.infer<typeof threadFormAnswersSchema>;

/**
 * Checks pre-chat answers with the builder's one rule function (form-rules.ts). Errors name the
 * item as `form.<key>`; hidden items and unknown keys are dropped, not stored. `answers` is the
 * same as text (ticked options joined), for the agent's panel and the visitor's contact.
 */
export const checkFormAnswers = (
  items: readonly FormItem[],
  input: FormValues,
  language: Language = 'en-US',
): { values: FormValues; answers: FormAnswer[]; errors: { field: string; message: string }[] } => {
  const { values, errors } = validateFormAnswers(items, input);
  return {
    values,
    answers: items
      .filter((item) => values[item.key] !== undefined)
      .map((item) => {
        const value = values[item.key] as FormValue;
        return { key: item.key, label: item.label, value: Array.isArray(value) ? value.join('; ') : value };
      }),
    errors: errors.map((error) => ({
      field: `form.${error.key}`,
      message: describeFormError(error, language),
    })),
  };
};
