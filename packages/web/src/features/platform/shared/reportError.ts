import { isHttpError } from '../../../shared/api/http';
import { parseError } from '../../../shared/api/parseError';
import { notify } from '../../../shared/feedback/notify';

/** The HTTP client already shows the 401/403 notices; anything else is reported here. */
export const reportUnlessHandled = (error: unknown): void => {
  if (isHttpError(error) && (error.status === 401 || error.status === 403)) return;
  notify.error({ title: parseError(error).message });
};
