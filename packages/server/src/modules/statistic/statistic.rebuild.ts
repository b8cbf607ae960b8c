import { performance } from 'node:perf_hooks';
import { loadConfig } from '../../config.js';
import { databaseSpecFromConfig, describeDatabase, openDatabase } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { rebuildRollups } from './statistic.repository.js';

/*
 * `npm run stats:rebuild -w @openkefu/server [-- --org <id>]`: recomputes the hourly statistics from
 * the raw thread events (after a bug fix, a restore or a changed skill-group schedule). Uses the
 * server's configuration (DATABASE_URL / DATA_DIR); `npm run build` first (it runs from dist). Run it
 * when the chat is quiet: an event written during the rebuild may be counted twice (a second run in a
 * quiet moment corrects it).
 */

const orgArgument = process.argv.indexOf('--org');
const orgId = orgArgument === -1 ? undefined : Number(process.argv[orgArgument + 1]);
if (orgId !== undefined && !Number.isInteger(orgId)) {
  console.error('usage: stats:rebuild [--org <organisation row id>]');
  process.exit(2);
}

const config = loadConfig();
const spec = databaseSpecFromConfig(config);
const database = openDatabase(spec);
try {
  await migrateToLatest(database);
  const started = performance.now();
  const result = await rebuildRollups(database.db, {
    orgId,
    onProgress: (threads) => process.stdout.write(`\r${threads} conversations`),
  });
  console.log(
    `\nRebuilt statistics on ${describeDatabase(spec)}${orgId === undefined ? '' : ` for organisation ${orgId}`}: ` +
      `${result.threads} conversations, ${result.events} events, ${result.calls} calls, ${result.rows} rollup rows in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  await database.close();
}
