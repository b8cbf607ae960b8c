import { isHttpError } from '../../../shared/api/http';
import { parseError } from '../../../shared/api/parseError';
import { notify } from '../../../shared/feedback/notify';

/** The HTTP client already announces 401 and 403; anything else is reported here, with the server's words. */
export const reportUnlessHandled = (error: unknown, title?: string): void => {
  if (isHttpError(error) && (error.status === 401 || error.status === 403)) return;
  const { message } = parseError(error);
  notify.error(title ? { title, description: message } : { title: message });
};
