/**
 * Readers for the two error body shapes the server sends (DESIGN §3): the error envelope
 * `{ message, status_code, data: null, code, fields?, retryAfter? }` and the OAuth token-endpoint
 * error `{ error, error_description, message, retryAfter? }`.
 */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const nonEmptyString = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** The server's human message: OAuth `error_description` for token-endpoint errors, else `message`. */
export const messageOfBody = (body: unknown): string | undefined => {
  if (!isRecord(body)) return undefined;
  if (typeof body.error === 'string')
    return nonEmptyString(body.error_description) ?? nonEmptyString(body.message);
  return nonEmptyString(body.message) ?? nonEmptyString(body.error_description);
};

export const codeOfBody = (body: unknown): string | undefined => {
  if (!isRecord(body)) return undefined;
  return nonEmptyString(body.code) ?? nonEmptyString(body.error);
};

/** `fields: [{ field, message }]` → `{ [field]: message }` (the first message per field wins). */
export const fieldsOfBody = (body: unknown): Record<string, string> => {
  const fields: Record<string, string> = {};
  if (!isRecord(body)) return fields;
  const raw = body.fields;
  if (Array.isArray(raw)) {
    for (const item of raw) {
      if (
        isRecord(item) &&
        typeof item.field === 'string' &&
        typeof item.message === 'string' &&
        !(item.field in fields)
      ) {
        fields[item.field] = item.message;
      }
    }
  } else if (isRecord(raw)) {
    for (const [field, message] of Object.entries(raw))
      if (typeof message === 'string') fields[field] = message;
  }
  return fields;
};

export const retryAfterOfBody = (body: unknown): number | undefined => {
  if (!isRecord(body)) return undefined;
  const value = body.retryAfter;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
};

/** Spec §8: a 401 whose body carries `result.isLogin === true` does not end the session. */
export const isStillLoggedIn = (body: unknown): boolean =>
  isRecord(body) && isRecord(body.result) && body.result.isLogin === true;
