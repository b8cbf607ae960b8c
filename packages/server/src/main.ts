import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { databaseSpecFromConfig, describeDatabase, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDatabase, type SeedResult } from './db/seed.js';
import { connectRedis, RedisUnreachableError } from './lib/redis.js';
import { serverVersion } from './version.js';

const readConfig = (): Config => {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`OpenKefu cannot start. ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
};

const publicAddress = (config: Config) => {
  if (config.publicUrl) return config.publicUrl;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
};

const printBanner = (config: Config, database: string, seed: SeedResult) => {
  const url = publicAddress(config);
  const lines = [
    '',
    `OpenKefu ${serverVersion} is running`,
    `  Console   ${url}/admin/`,
    `  API docs  ${url}/api/docs`,
    `  Database  ${database}`,
    `  Redis     ${config.redisUrl ? config.redisUrl.replace(/\/\/[^@/]*@/, '//***@') : 'not used (single node)'}`,
  ];
  if (seed.adminCreated || seed.isAdminPasswordBootstrap) {
    lines.push(
      '',
      `  Sign in as: ${config.bootstrapAdmin.username} / ${config.bootstrapAdmin.password}`,
      '  WARNING: this is the bootstrap password. Change it after signing in (Settings → Account settings),',
      '  and set BOOTSTRAP_ADMIN_PASSWORD before exposing this server.',
    );
  }
  console.log(`${lines.join('\n')}\n`);
};

const main = async () => {
  const config = readConfig();
  const spec = databaseSpecFromConfig(config);
  const database = openDatabase(spec);
  await migrateToLatest(database);
  const seed = await seedDatabase(database, config);
  // Right before buildApp, which watches the client's errors from then on (an unwatched error
  // event is printed with a stack trace). Unreachable at start: refuse to start; later: /ready 503.
  const redis = config.redisUrl ? await connectRedis(config.redisUrl) : null;
  const app = await buildApp({ config, database, redis });
  const swept = await app.services.uploads.sweepStaging();
  if (swept > 0) app.log.info({ swept }, 'removed upload staging files left by an earlier run');

  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    await redis?.quit();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  printBanner(config, describeDatabase(spec), seed);
};

main().catch((error: unknown) => {
  if (error instanceof RedisUnreachableError) {
    console.error(`OpenKefu cannot start. ${error.message}`);
    process.exit(1);
  }
  console.error('OpenKefu failed to start:', error);
  process.exit(1);
});
