import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { AppDatabase, DialectName } from './database.js';
import * as initial from './migrations/0001_initial.js';
import * as people from './migrations/0002_people.js';
import * as chat from './migrations/0003_chat.js';
import * as messageSearch from './migrations/0004_message_search.js';
import * as quickReplyTag from './migrations/0005_quickreply_tag.js';
import * as tabooBlock from './migrations/0006_taboo_block.js';
import * as targetedForm from './migrations/0007_targeted_form.js';
import * as embedSites from './migrations/0008_embed_sites.js';
import * as knowledgeBase from './migrations/0009_knowledge_base.js';
import * as helpSearch from './migrations/0010_help_search.js';
import * as robot from './migrations/0011_robot.js';
import * as ticket from './migrations/0012_ticket.js';
import * as crmFeedback from './migrations/0013_crm_feedback.js';
import * as robotTraining from './migrations/0014_robot_training.js';
import * as llm from './migrations/0015_llm.js';
import * as quality from './migrations/0016_quality.js';
import * as forms from './migrations/0017_forms.js';
import * as widgetTicket from './migrations/0018_widget_ticket.js';
import * as statistic from './migrations/0019_statistic.js';
import * as formsPrechat from './migrations/0020_forms_prechat.js';
import * as qualitySnapshot from './migrations/0021_quality_snapshot.js';
import * as ticketTemplate from './migrations/0022_ticket_template.js';
import * as listIndexes from './migrations/0023_list_indexes.js';
import * as visitorThreadsIndex from './migrations/0024_visitor_threads_index.js';
import * as channels from './migrations/0025_channels.js';
import * as userOauth from './migrations/0026_user_oauth.js';
import * as billing from './migrations/0027_billing.js';
import * as platformAdmin from './migrations/0028_platform_admin.js';
import * as bills from './migrations/0029_bills.js';
import * as channelPlatformApp from './migrations/0030_channel_platform_app.js';
import * as call from './migrations/0031_call.js';
import * as push from './migrations/0032_push.js';
import * as messageCard from './migrations/0033_message_card.js';
import * as statisticCall from './migrations/0034_statistic_call.js';
import * as threadCommodity from './migrations/0035_thread_commodity.js';

type DialectMigration = { up: (db: Kysely<unknown>, dialect: DialectName) => Promise<void> };

/**
 * Static list instead of a folder scan, so the same migrations run under tsx, vitest and from
 * dist (STACK gotcha 8). Append new migrations; never rename or edit a released one.
 */
const migrations: Record<string, DialectMigration> = {
  '0001_initial': initial,
  '0002_people': people,
  '0003_chat': chat,
  '0004_message_search': messageSearch,
  '0005_quickreply_tag': quickReplyTag,
  '0006_taboo_block': tabooBlock,
  '0007_targeted_form': targetedForm,
  '0008_embed_sites': embedSites,
  '0009_knowledge_base': knowledgeBase,
  '0010_help_search': helpSearch,
  '0011_robot': robot,
  '0012_ticket': ticket,
  '0013_crm_feedback': crmFeedback,
  '0014_robot_training': robotTraining,
  '0015_llm': llm,
  '0016_quality': quality,
  '0017_forms': forms,
  '0018_widget_ticket': widgetTicket,
  '0019_statistic': statistic,
  '0020_forms_prechat': formsPrechat,
  '0021_quality_snapshot': qualitySnapshot,
  '0022_ticket_template': ticketTemplate,
  '0023_list_indexes': listIndexes,
  '0024_visitor_threads_index': visitorThreadsIndex,
  '0025_channels': channels,
  '0026_user_oauth': userOauth,
  '0027_billing': billing,
  '0028_platform_admin': platformAdmin,
  '0029_bills': bills,
  '0030_channel_platform_app': channelPlatformApp,
  '0031_call': call,
  '0032_push': push,
  '0033_message_card': messageCard,
  '0034_statistic_call': statisticCall,
  '0035_thread_commodity': threadCommodity,
};

const createProvider = (dialect: DialectName): MigrationProvider => ({
  getMigrations: async () =>
    Object.fromEntries(
      Object.entries(migrations).map(([name, migration]): [string, Migration] => [
        name,
        { up: (db) => migration.up(db, dialect) },
      ]),
    ),
});

/**
 * Catalogue races on a shared database: Kysely's look for its bookkeeping tables reads every
 * schema's catalogue, and another test file's schema may be dropped (3F000), altered (42703,
 * 42P01) or half-created (XX000 "cache lookup failed") while it reads.
 */
const catalogueRaceCodes = new Set(['3F000', '42703', '42P01', 'XX000']);
const isCatalogueRace = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  catalogueRaceCodes.has(String((error as { code?: unknown }).code));

/** Brings the schema to the latest migration; throws with the failing migration's error. */
export const migrateToLatest = async ({ db, dialect }: AppDatabase): Promise<string[]> => {
  // Kysely looks for its bookkeeping tables in every schema unless told which one; with several
  // schemas in one database (a test schema per file) it would find another schema's and skip its own.
  const migrationTableSchema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({ db, provider: createProvider(dialect), migrationTableSchema });
  let { error, results } = await migrator.migrateToLatest();
  // Only when no migration ran yet: the race hits the bookkeeping look-up, which is safe to repeat.
  for (let attempt = 1; attempt <= 5 && isCatalogueRace(error) && !results?.length; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    ({ error, results } = await migrator.migrateToLatest());
  }
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(error)}`, {
      cause: error,
    });
  }
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
};
