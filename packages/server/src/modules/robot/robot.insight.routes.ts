import {
  envelopeSchema,
  pageSchema,
  robotHistoryQuerySchema,
  robotHistoryRowSchema,
  robotStatisticQuerySchema,
  robotStatisticSchema,
  robotTrainingGroupSchema,
  robotTrainingQuerySchema,
  robotTrainingResolveBodySchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPrincipal, requirePermission } from '../../http/guards.js';
import { errorResponses, ok } from '../../http/reply.js';
import { createRobotInsight } from './robot.insight.js';

const tags = ['robot'];

/** Issue 14: what the robot's conversations teach — history, training queue, statistics. */
export const robotInsightRoutes: FastifyPluginAsyncZod = async (app) => {
  const insight = createRobotInsight({ db: app.services.db, robotKb: app.services.robotKb });

  app.get(
    '/api/robot/history',
    {
      onRequest: [requirePermission('robot.history', 'query')],
      schema: {
        tags,
        summary: 'Robot conversations (one row per care cycle the robot took), newest first',
        description:
          '`outcome`: answered (every question answered) · unanswered (at least one missed) · transferred ' +
          '(handed to a person) · unhelpful (an answer marked not helpful). The transcript is ' +
          "GET /api/message/history?tid=. Another organisation's wid is a 404.",
        querystring: robotHistoryQuerySchema,
        response: {
          200: envelopeSchema(pageSchema(robotHistoryRowSchema)),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(request, await insight.history(getPrincipal(request), request.query)),
  );

  app.get(
    '/api/robot/training',
    {
      onRequest: [requirePermission('robot.training', 'query')],
      schema: {
        tags,
        summary: 'The training queue: missed and unhelpful questions grouped by similarity, most asked first',
        description:
          'Questions of the last `days` (default 90) the robot could not answer or whose answer was marked ' +
          'not helpful, without those already resolved or ignored, grouped when most tokens of the shorter ' +
          'one are in the other; each group names the closest FAQ. At most 200 groups.',
        querystring: robotTrainingQuerySchema,
        response: {
          200: envelopeSchema(z.array(robotTrainingGroupSchema)),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(request, await insight.training(getPrincipal(request), request.query)),
  );

  app.post(
    '/api/robot/training/resolve',
    {
      onRequest: [requirePermission('robot.training', 'edit')],
      schema: {
        tags,
        summary: 'Take a training group out of the queue: add it to a FAQ, record a new FAQ, or ignore it',
        description:
          'similar: `questions` become similar questions of FAQ `faqAid` (phrasings it already has are ' +
          'skipped) · faq: `faqAid` is the FAQ created for them · ignore. The `keys` leave the queue either ' +
          "way. Another organisation's FAQ is a 404.",
        body: robotTrainingResolveBodySchema,
        response: {
          200: envelopeSchema(z.object({ resolved: z.number().int() })),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(request, await insight.resolve(getPrincipal(request), request.body)),
  );

  app.get(
    '/api/robot/statistic',
    {
      onRequest: [requirePermission('robot.statistic', 'query')],
      schema: {
        tags,
        summary:
          'Questions, answered rate, hand-over rate, helpful rate, top questions and misses, by day and group',
        description: 'Default range: the last 30 days; at most 366 days. Days are UTC.',
        querystring: robotStatisticQuerySchema,
        response: { 200: envelopeSchema(robotStatisticSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await insight.statistic(getPrincipal(request), request.query)),
  );
};
