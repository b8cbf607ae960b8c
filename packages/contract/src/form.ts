import { z } from 'zod';
import { pageQuerySchema } from './envelope.js';
import { describeFormError, validateFormAnswers } from './form-rules.js';
import { workgroupBriefSchema } from './user.js';

/*
 * Pre-chat form (issue 5; kefu → form): what a skill group with `showForm` asks before the chat.
 * One form per organisation (its default) and, optionally, one per skill group that overrides it.
 */

/** The fields every form may ask; their type is fixed, their label defaults to the widget's own word. */
export const formBuiltinKeys = ['name', 'mobile', 'email', 'age', 'job'] as const;
export type FormBuiltinKey = (typeof formBuiltinKeys)[number];
export const formBuiltinTypes: Record<FormBuiltinKey, FormFieldType> = {
  name: 'text',
  mobile: 'mobile',
  email: 'email',
  age: 'number',
  job: 'text',
};

export const formFieldTypeValues = ['text', 'number', 'select', 'email', 'mobile'] as const;
export const formFieldTypeSchema = z.enum(formFieldTypeValues);
export type FormFieldType = z.infer<typeof formFieldTypeSchema>;
/** Custom fields choose among these; email and mobile belong to the built-in fields. */
export const customFieldTypeValues = ['text', 'number', 'select'] as const;

export const formFieldSchema = z.object({
  /** Built-in key, or a custom key (letters, digits, underscore) the console generates. */
  key: z
    .string()
    .trim()
    .regex(/^[a-zA-Z][a-zA-Z0-9_]{0,31}$/, 'must be letters, digits or _ (up to 32), starting with a letter'),
  /** '' on a built-in field: the widget uses its own word in the visitor's language. */
  label: z.string().trim().max(64),
  type: formFieldTypeSchema,
  required: z.boolean(),
  /** The choices of a select field. */
  options: z.array(z.string().trim().min(1).max(64)).max(50).default([]),
});
export type FormField = z.infer<typeof formFieldSchema>;

const isBuiltin = (key: string): key is FormBuiltinKey =>
  (formBuiltinKeys as readonly string[]).includes(key);

/** Rules across fields: keys unique, built-ins keep their type, custom fields have a label, selects options. */
export const formFieldsSchema = z
  .array(formFieldSchema)
  .max(20)
  .superRefine((fields, ctx) => {
    const seen = new Set<string>();
    fields.forEach((field, index) => {
      if (seen.has(field.key))
        ctx.addIssue({ code: 'custom', message: 'this key is used twice', path: [index, 'key'] });
      seen.add(field.key);
      if (isBuiltin(field.key)) {
        if (field.type !== formBuiltinTypes[field.key])
          ctx.addIssue({
            code: 'custom',
            message: `must be ${formBuiltinTypes[field.key]} for ${field.key}`,
            path: [index, 'type'],
          });
        return;
      }
      if (!(customFieldTypeValues as readonly string[]).includes(field.type))
        ctx.addIssue({ code: 'custom', message: 'must be text, number or select', path: [index, 'type'] });
      if (!field.label) ctx.addIssue({ code: 'custom', message: 'is required', path: [index, 'label'] });
      if (field.type === 'select' && field.options.length === 0)
        ctx.addIssue({ code: 'custom', message: 'give at least one option', path: [index, 'options'] });
    });
  });

export const formSchema = z.object({
  /** '' for the built-in default form nobody has saved yet. */
  fid: z.string(),
  /** null: the organisation's default form. */
  workgroup: workgroupBriefSchema.nullable(),
  /** Shown above the fields; '' lets the widget use its own words. */
  title: z.string(),
  fields: z.array(formFieldSchema),
  createdAt: z.number().nullable(),
  updatedAt: z.number().nullable(),
});
export type Form = z.infer<typeof formSchema>;

/** Used when neither the skill group nor the organisation saved a form: the name, then a way to call back. */
export const defaultFormFields: FormField[] = [
  { key: 'name', label: '', type: 'text', required: true, options: [] },
  { key: 'mobile', label: '', type: 'mobile', required: false, options: [] },
  { key: 'email', label: '', type: 'email', required: false, options: [] },
];

/** POST /api/form/save — creates or replaces the form of the organisation (no wid) or of a skill group. */
export const formSaveBodySchema = z.object({
  wid: z.string().trim().min(1).max(64).optional(),
  title: z.string().trim().max(100).default(''),
  fields: formFieldsSchema,
});
export type FormSaveBody = z.input<typeof formSaveBodySchema>;

/** GET /api/form/get — `wid` omitted: the organisation's default. */
export const formGetQuerySchema = z.object({
  wid: z.string().trim().min(1).max(64).optional(),
  client: z.string().max(32).optional(),
});

export const formQuerySchema = pageQuerySchema.extend({ client: z.string().max(32).optional() });
export type FormQuery = z.infer<typeof formQuerySchema>;

export const fidBodySchema = z.object({ fid: z.string().trim().min(1).max(64) });

/** GET /visitor/api/form — the form to fill before asking this skill group for a chat. */
export const visitorFormSchema = z.object({
  /** true when the skill group has showForm on and the visitor has no open chat with it. */
  required: z.boolean(),
  title: z.string(),
  fields: z.array(formFieldSchema),
});
export type VisitorForm = z.infer<typeof visitorFormSchema>;

/** Answers travel as `form` in POST /visitor/api/thread/request: field key → the visitor's text. */
export const formAnswersInputSchema = z.record(z.string().max(32), z.string().max(500));
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
 * Checks answers against the form's fields with the builder's rules (form-rules.ts; keep the
 * widget's pre-chat-form.ts in step). Errors name the field as `form.<key>`; unknown keys are
 * dropped, not stored.
 */
export const checkFormAnswers = (
  fields: FormField[],
  input: Record<string, string>,
): { answers: FormAnswer[]; errors: { field: string; message: string }[] } => {
  const { values, errors } = validateFormAnswers(fields, input);
  return {
    answers: fields
      .filter((field) => typeof values[field.key] === 'string')
      .map((field) => ({ key: field.key, label: field.label, value: values[field.key] as string })),
    errors: errors.map((error) => ({
      field: `form.${error.key}`,
      message: describeFormError(error, 'en-US'),
    })),
  };
};
