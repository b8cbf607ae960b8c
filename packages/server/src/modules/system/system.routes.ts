import { networkInterfaces } from 'node:os';
import {
  chatServerInfoSchema,
  envelopeSchema,
  monthBarSchema,
  publicConfigSchema,
  type PublicConfig,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { isDatabaseReachable } from '../../db/database.js';
import { languageOf, ok } from '../../http/reply.js';
import { isRedisReachable } from '../../lib/redis.js';
import { serverVersion } from '../../version.js';

export const toPublicConfig = (config: Config): PublicConfig => ({
  productName: 'OpenKefu',
  version: serverVersion,
  privateServer: config.privateServer,
  features: { ...config.features },
  showDebugMenus: config.showDebugMenus,
  links: { ...config.links },
  uploadBaseUrl: '',
  loginMethods: [
    'password',
    ...(config.smsProvider !== 'none' ? (['mobile'] as const) : []),
    ...(config.emailProvider !== 'none' ? (['email'] as const) : []),
  ],
  scanLogin: config.features.wechatScanLogin
    ? [
        ...(config.wechatLogin.appId && config.wechatLogin.appSecret ? (['wechat'] as const) : []),
        ...(config.wechatWorkLogin.corpId && config.wechatWorkLogin.agentId && config.wechatWorkLogin.secret
          ? (['wechatWork'] as const)
          : []),
      ]
    : [],
});

const firstPublicIpv4 = (): string => {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? [])
      if (address.family === 'IPv4' && !address.internal) return address.address;
  }
  return '127.0.0.1';
};

const monthLabels = {
  'en-US': ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  'zh-CN': ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'],
};
// Fixed demo figures: the chart looks the same on every load and in every test.
const monthValues = [820, 932, 901, 934, 1290, 1330, 1320, 1120, 980, 1050, 1180, 1260];

const statusSchema = z.object({ status: z.string() });

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.services;

  app.get(
    '/health',
    { schema: { tags: ['system'], summary: 'The process is up', response: { 200: statusSchema } } },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'The database (and Redis when configured) answers; 503 otherwise',
        response: { 200: statusSchema, 503: statusSchema },
      },
    },
    async (_request, reply) => {
      const redis = app.services.redis;
      const [isDbUp, isRedisUp] = await Promise.all([
        isDatabaseReachable(db),
        redis ? isRedisReachable(redis) : Promise.resolve(true),
      ]);
      if (isDbUp && isRedisUp) return { status: 'ready' };
      return reply.code(503).send({ status: isDbUp ? 'redis unreachable' : 'database unreachable' });
    },
  );

  app.get(
    '/api/v1/config',
    {
      schema: {
        tags: ['system'],
        summary: 'Public configuration: feature switches, links, private-server mode, sign-in methods',
        response: { 200: envelopeSchema(publicConfigSchema) },
      },
    },
    async (request) => ok(request, toPublicConfig(config)),
  );

  app.get(
    '/api/v1/server/info',
    {
      schema: {
        tags: ['system'],
        summary: 'Where real-time clients connect (spec §3 chat-server info)',
        response: { 200: envelopeSchema(chatServerInfoSchema) },
      },
    },
    async (request) => {
      const url = config.publicUrl || `${request.protocol}://${request.host}`;
      return ok(request, { url, shortDomain: new URL(url).hostname, ip: firstPublicIpv4() });
    },
  );

  app.get(
    '/analysis/month-bar',
    {
      schema: {
        tags: ['system'],
        summary: 'Demo chart data: one value per month',
        response: { 200: monthBarSchema },
      },
    },
    async (request) => ({
      result: monthLabels[languageOf(request)].map((x, index) => ({ x, y: monthValues[index] })),
    }),
  );
};
