import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Issue 14: the robot's training queue. Missed and unhelpful questions come from thread events;
 * this table remembers which normalised questions were resolved (added to a FAQ) or ignored, so
 * they leave the queue.
 */
export const up = async (db: Kysely<unknown>, dialect: DialectName): Promise<void> => {
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  const id = (column: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? column.generatedByDefaultAsIdentity().primaryKey()
      : column.autoIncrement().primaryKey();
  await db.schema
    .createTable('robot_training')
    .addColumn('id', idType, id)
    .addColumn('org_id', idType, (c) => c.notNull().references('organization.id').onDelete('cascade'))
    .addColumn('question_key', 'text', (c) => c.notNull())
    /** similar (added to a FAQ as a similar question) · faq (a new FAQ) · ignored */
    .addColumn('resolution', 'text', (c) => c.notNull())
    .addColumn('faq_aid', 'text')
    .addColumn('resolved_by', idType)
    .addColumn('resolved_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('robot_training_org_key_idx')
    .on('robot_training')
    .columns(['org_id', 'question_key'])
    .unique()
    .execute();
};
