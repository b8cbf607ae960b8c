import { defaultLanguage, type Language } from '@openkefu/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isUniqueViolation } from '../db/database.js';
import { AppError } from './errors.js';
import { localizeFieldMessage } from './field-messages.js';
import { translate } from './i18n.js';
import { languageOf } from './reply.js';

const contextNames: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

/** Maps anything thrown to the one error type, so every error answer has the same shape. */
export const toAppError = (error: unknown, language: Language = defaultLanguage): AppError => {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context =
      contextNames[(error as { validationContext?: string }).validationContext ?? 'body'] ?? 'body';
    return AppError.validation(
      error.validation.map((issue) => {
        const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        return { field: path === '' ? context : path, message: localizeFieldMessage(issue, language) };
      }),
    );
  }
  const fastifyError = error as Partial<FastifyError> | null;
  switch (fastifyError?.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return AppError.badRequest('error.badJson', {
        fields: [{ field: 'body', message: 'not valid JSON' }],
        oauthError: 'invalid_request',
      });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', 413, 'error.payloadTooLarge', {
        oauthError: 'invalid_request',
      });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('BAD_REQUEST', 415, 'error.unsupportedMediaType', {
        oauthError: 'invalid_request',
      });
  }
  // A race the services did not foresee (two requests creating the same name) is still a 409.
  if (isUniqueViolation(error)) return AppError.conflict();
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (status === 401) return AppError.unauthorized();
    if (status === 403) return AppError.forbidden();
    if (status === 404) return AppError.notFound();
    if (status === 409) return AppError.conflict();
    if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', 413, 'error.payloadTooLarge');
    if (status === 429) return AppError.rateLimited(60);
    return new AppError('BAD_REQUEST', status, 'error.badRequest', { oauthError: 'invalid_request' });
  }
  return new AppError('INTERNAL', 500, 'error.internal');
};

export const handleError = (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
  const appError = toAppError(error, languageOf(request));
  if (appError.statusCode >= 500) {
    request.log.error({ err: error }, 'request failed');
  } else {
    request.log.debug(
      { code: appError.code, status: appError.statusCode, key: appError.messageKey },
      'request refused',
    );
  }
  const message = translate(appError.messageKey, languageOf(request), appError.params);
  if (appError.retryAfter !== undefined) reply.header('Retry-After', String(appError.retryAfter));
  if (appError.statusCode === 401) {
    reply.header(
      'WWW-Authenticate',
      request.routeOptions.config.errorStyle === 'oauth'
        ? 'Basic realm="openkefu"'
        : 'Bearer realm="openkefu"',
    );
  }
  reply.code(appError.statusCode);
  if (request.routeOptions.config.errorStyle === 'oauth' && appError.statusCode < 500) {
    return reply.send({
      error: appError.oauthError ?? 'invalid_request',
      error_description: message,
      message,
      ...(appError.retryAfter !== undefined ? { retryAfter: appError.retryAfter } : {}),
    });
  }
  return reply.send({
    message,
    status_code: appError.statusCode,
    data: null,
    code: appError.code,
    ...(appError.fields ? { fields: appError.fields } : {}),
    ...(appError.retryAfter !== undefined ? { retryAfter: appError.retryAfter } : {}),
  });
};
