import type { FieldError } from '@openkefu/contract';
import type { z } from 'zod';
import { AppError } from './errors.js';

type Issue = { path: readonly PropertyKey[]; message: string };

/** `a.b.0.c` for nested fields; the part of the request when the whole of it is at fault. */
export const issuesToFields = (issues: readonly Issue[], wholeName = 'body'): FieldError[] =>
  issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.map(String).join('.') : wholeName,
    message: issue.message,
  }));

/** Parses inside a handler with the same 400 answer as route-schema validation. */
export const parseOrThrow = <S extends z.ZodType>(
  schema: S,
  value: unknown,
  wholeName = 'body',
): z.output<S> => {
  const result = schema.safeParse(value);
  if (!result.success) throw AppError.validation(issuesToFields(result.error.issues, wholeName));
  return result.data;
};
