import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { DialectName, Executor } from './db/database.js';
import { createMemoryLimiter, createRedisLimiter, type RateLimiter } from './lib/limiter.js';
import { createAuthService, type AuthService } from './modules/auth/auth.service.js';
import { createCodeDelivery, type CodeDelivery } from './modules/auth/code-delivery.js';
import { createVerificationService, type VerificationService } from './modules/auth/verification.service.js';
import { createMenuService, type MenuService } from './modules/menu/menu.service.js';
import { createRegistrationService, type RegistrationService } from './modules/register/register.service.js';
import { createUserService, type UserService } from './modules/user/user.service.js';

/** Everything routes need, built once per app and reachable as `app.services`. */
export type Services = {
  config: Config;
  db: Executor;
  dialect: DialectName;
  redis: Redis | null;
  limiter: RateLimiter;
  delivery: CodeDelivery;
  auth: AuthService;
  verification: VerificationService;
  users: UserService;
  registration: RegistrationService;
  menu: MenuService;
};

export type ServiceOptions = {
  config: Config;
  db: Executor;
  dialect: DialectName;
  logger: FastifyBaseLogger;
  redis?: Redis | null;
  /** Defaults to Redis when a client is given (nodes count together), in-process otherwise. */
  limiter?: RateLimiter;
  /** Defaults to the providers chosen by SMS_PROVIDER / EMAIL_PROVIDER. */
  delivery?: CodeDelivery;
};

export const createServices = (options: ServiceOptions): Services => {
  const { config, db, dialect, logger } = options;
  const redis = options.redis ?? null;
  const limiter = options.limiter ?? (redis ? createRedisLimiter(redis) : createMemoryLimiter());
  const delivery = options.delivery ?? createCodeDelivery(config, logger);
  const verification = createVerificationService({ db, limiter, delivery, logger });
  return {
    config,
    db,
    dialect,
    redis,
    limiter,
    delivery,
    verification,
    auth: createAuthService({ db, config, limiter, verification }),
    users: createUserService({ db }),
    registration: createRegistrationService({ db, limiter, verification }),
    menu: createMenuService({ db }),
  };
};
