import { z } from 'zod';

/** DESIGN §3: every `/api/**` response is `{ message, status_code, data }`. */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ message: z.string(), status_code: z.number().int(), data });

export type Envelope<T> = { message: string; status_code: number; data: T };

export const errorCodes = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  /** The organisation's validity ended: its console is read-only until renewed (issue 20). */
  'PAYMENT_REQUIRED',
  'PAYLOAD_TOO_LARGE',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'INTERNAL',
] as const;
export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Error bodies keep the envelope and add a machine-readable code and, for 400, the fields at fault. */
export const errorEnvelopeSchema = z.object({
  message: z.string(),
  status_code: z.number().int(),
  data: z.null(),
  code: errorCodeSchema,
  fields: z.array(fieldErrorSchema).optional(),
  /** Seconds until a rate-limited call may be retried. */
  retryAfter: z.number().int().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** 0-based paging (spec §9: page 0, size 20 unless a list says otherwise). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    content: z.array(item),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    number: z.number().int(),
    size: z.number().int(),
    first: z.boolean(),
    last: z.boolean(),
    empty: z.boolean(),
    /**
     * Present and true when totalElements is a lower bound: a list that can grow past a million rows
     * counts at most 10,000 or to the end of the requested page (the exact count would cost a read of
     * every matching row on each call). There are then more rows than totalElements, `last` is false
     * and the next page can be asked for.
     */
    totalCapped: z.boolean().optional(),
  });

export type Page<T> = {
  content: T[];
  totalElements: number;
  totalPages: number;
  number: number;
  size: number;
  first: boolean;
  last: boolean;
  empty: boolean;
  totalCapped?: boolean;
};

export const toPage = <T>(
  content: T[],
  totalElements: number,
  query: PageQuery,
  options: { isTotalCapped?: boolean } = {},
): Page<T> => {
  const totalPages = Math.ceil(totalElements / query.size);
  return {
    content,
    totalElements,
    totalPages,
    number: query.page,
    size: query.size,
    first: query.page === 0,
    last: !options.isTotalCapped && query.page >= totalPages - 1,
    empty: content.length === 0,
    ...(options.isTotalCapped ? { totalCapped: true } : {}),
  };
};

/** Most console calls carry `client=web`; accepted everywhere, never required. */
export const clientParamSchema = z.object({ client: z.string().max(32).optional() });

/** Query-string booleans arrive as strings: accept true/false/1/0. */
export const queryBooleanSchema = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');
