import type { FormInstance } from 'antd';
import { isHttpError } from '../../shared/api/http';
import { parseError } from '../../shared/api/parseError';
import { notify } from '../../shared/feedback/notify';

/** The HTTP client already shows the 401/403 notices; anything else is reported here. */
export const reportUnlessHandled = (error: unknown): void => {
  if (isHttpError(error) && (error.status === 401 || error.status === 403)) return;
  notify.error({ title: parseError(error).message });
};

/**
 * Puts the server's field errors (400 `fields`, 409 on an address) under the form's inputs.
 * Returns true when at least one of them belongs to the form, so the caller need not also show
 * a notice; otherwise the error is reported as a notice.
 */
export const showErrorOnForm = <T extends object>(
  form: FormInstance<T>,
  error: unknown,
  fieldNames: readonly (keyof T & string)[],
): boolean => {
  const { message, fields } = parseError(error);
  const own = fieldNames.filter((name) => fields[name] !== undefined);
  if (own.length === 0) {
    reportUnlessHandled(error);
    return false;
  }
  // The envelope's message is in the user's language; the per-field text is the schema's (English).
  const isSingle = own.length === 1;
  form.setFields(
    own.map((name) => ({
      name: name as never,
      errors: [isSingle ? message : (fields[name] ?? message)],
    })),
  );
  return true;
};
