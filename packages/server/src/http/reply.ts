import { errorEnvelopeSchema, type Envelope, type Language } from '@openkefu/contract';
import type { FastifyRequest } from 'fastify';
import { resolveLanguage, translate } from './i18n.js';

export const languageOf = (request: FastifyRequest): Language =>
  resolveLanguage(request.headers['accept-language']);

/** The success envelope of DESIGN §3. */
export const ok = <T>(request: FastifyRequest, data: T): Envelope<T> => ({
  message: translate('success', languageOf(request)),
  status_code: 200,
  data,
});

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429;

/** Response schemas of a route's error statuses, so they appear in the OpenAPI document. */
export const errorResponses = <S extends ErrorStatus>(
  ...statuses: S[]
): Record<S, typeof errorEnvelopeSchema> =>
  Object.fromEntries(statuses.map((status) => [status, errorEnvelopeSchema])) as Record<
    S,
    typeof errorEnvelopeSchema
  >;
