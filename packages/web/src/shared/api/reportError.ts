import type { FormInstance } from 'antd';
import { isHttpError } from './http';
import { parseError } from './parseError';
import { notify } from '../feedback/notify';

/** The 401/403 notices come from the HTTP client; anything else is reported here. */
export const reportUnlessHandled = (error: unknown): void => {
  if (isHttpError(error) && (error.status === 401 || error.status === 403)) return;
  notify.error({ title: parseError(error).message });
};

/**
 * Puts the server's field errors (`fields: [{ field, message }]`) under the form's inputs. A
 * nested field (`roles.0`) lands on its top-level input. When none of the fields is on the form,
 * the error's message is shown instead, so a failure never goes unexplained.
 */
export const showFormError = <Values extends object>(
  form: FormInstance<Values>,
  error: unknown,
  formFields: readonly (keyof Values & string)[],
): void => {
  const { fields } = parseError(error);
  const known = new Set<string>(formFields);
  const byField = new Map<string, string[]>();
  for (const [field, message] of Object.entries(fields)) {
    const name = known.has(field) ? field : field.split('.')[0];
    if (name === undefined || !known.has(name)) continue;
    byField.set(name, [...(byField.get(name) ?? []), message]);
  }
  if (byField.size === 0) {
    reportUnlessHandled(error);
    return;
  }
  form.setFields([...byField.entries()].map(([name, errors]) => ({ name: name as never, errors })));
};
