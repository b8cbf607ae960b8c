import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { platformNoticeRoutes } from './notice/notice.routes.js';
import { platformStatisticRoutes } from './statistic/statistic.routes.js';
import { platformChannelAppRoutes } from './channel-app/channel-app.routes.js';
import { platformOnlineRoutes } from './online/online.routes.js';
import { platformGreetingRoutes } from './greeting/greeting.routes.js';
import { platformSynonymRoutes } from './synonym/synonym.routes.js';

/** Issue 20: the platform-administration calls (platform staff only unless said otherwise). */
export const platformAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(platformSynonymRoutes);
  await app.register(platformGreetingRoutes);
  await app.register(platformOnlineRoutes);
  await app.register(platformNoticeRoutes);
  await app.register(platformStatisticRoutes);
  await app.register(platformChannelAppRoutes);
};
