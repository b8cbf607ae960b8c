import { i18n } from '../i18n';
import { HttpError } from './HttpError';
import { fieldsOfBody, messageOfBody, retryAfterOfBody } from './errorBody';

export type ParsedError = {
  message: string;
  /** Field name → message for forms to show under their inputs. */
  fields: Record<string, string>;
  /** Seconds until a rate-limited call may be retried. */
  retryAfter?: number;
};

/** DESIGN §6: the one place the web side turns anything thrown into a message and field errors. */
export const parseError = (error: unknown): ParsedError => {
  if (error instanceof HttpError) {
    return { message: error.message, fields: error.fields, retryAfter: error.retryAfter };
  }
  // Error bodies handed over as they are (envelope or OAuth error).
  const bodyMessage = error instanceof Error ? undefined : messageOfBody(error);
  if (bodyMessage !== undefined) {
    return { message: bodyMessage, fields: fieldsOfBody(error), retryAfter: retryAfterOfBody(error) };
  }
  if (error instanceof Error && error.message.trim() !== '') return { message: error.message, fields: {} };
  if (typeof error === 'string' && error.trim() !== '') return { message: error, fields: {} };
  return { message: i18n.t('shared:http.unknown'), fields: {} };
};
