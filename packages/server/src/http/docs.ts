import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { serverVersion } from '../version.js';
import type { App } from './types.js';

/** OpenAPI generated from the routes' zod schemas, browsable at /api/docs (JSON at /api/docs/json). */
export const registerApiDocs = async (app: App): Promise<void> => {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'OpenKefu API',
        description:
          'Every /api/** answer is `{ message, status_code, data }`; errors add `code`, `fields` (400) and `retryAfter` (429). ' +
          'Token endpoints follow OAuth 2 and take the client as Basic auth.',
        version: serverVersion,
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          client: { type: 'http', scheme: 'basic' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
};
