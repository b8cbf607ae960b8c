import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  customerFilterSchema,
  identityMessage,
  toPage,
  type CrmField,
  type CrmFieldCreateBody,
  type CrmFieldType,
  type CrmFieldUpdateBody,
  type Customer,
  type CustomerBulkResult,
  type CustomerCreateBody,
  type CustomerFilter,
  type CustomerMergeBody,
  type CustomerNote,
  type CustomerQuery,
  type CustomerTimelineEntry,
  type CustomerUpdateBody,
  type CustomerView,
  type CustomFieldValues,
  type Page,
  type VisitorIdentifyBody,
} from '@openkefu/contract';
import type { DialectName, Executor } from '../../db/database.js';
import { isUniqueViolation } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { createPublicId } from '../../lib/ids.js';
import type { Sealer } from '../../lib/sealed.js';
import type { Principal } from '../auth/auth.service.js';
import { toVisitorBrief } from '../visitor/visitor.mapper.js';
import { checkCustomFields } from './crm.fields.js';
import './crm.messages.js';
import {
  addTags,
  findAccountIdByUid,
  findCustomerByCid,
  findCustomerByExternalId,
  findCustomerById,
  findFieldByFid,
  findIdentitySecret,
  findVisitorOfOrg,
  listConversationsOf,
  listCustomersByCids,
  listCustomersByContact,
  listFeedbackOf,
  listFields,
  listNotes,
  listTagsOf,
  listVisitorsOf,
  pageCustomers,
  removeTags,
  replaceTags,
  saveIdentitySecret,
  type CrmFieldRow,
  type CustomerRow,
} from './crm.repository.js';
import { listTicketsOfCustomer, moveTicketsToCustomer, unlinkTicketsOfCustomers } from './crm.tickets.js';

export type CrmService = ReturnType<typeof createCrmService>;

/** Digits with an optional leading +: "+86 138-0000 0000" and "+8613800000000" are one number. */
export const normaliseMobile = (mobile: string): string => mobile.replace(/[\s-]/g, '');
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/**
 * hex HMAC-SHA256 of every identity field (contract `identityMessage`): what the site's server
 * computes for the widget. Signing only the user id would let a visitor rewrite their
 * customer's email or mobile at will.
 */
export const signIdentity = (
  secret: string,
  identity: { userId: string; name?: string; email?: string; mobile?: string },
): string => createHmac('sha256', secret).update(identityMessage(identity), 'utf8').digest('hex');

const isOrgAdmin = (principal: Principal): boolean =>
  principal.roles.includes('ROLE_ADMIN') || principal.roles.includes('ROLE_SUPER');

const parseJson = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

const toField = (row: CrmFieldRow): CrmField => ({
  fid: row.fid,
  key: row.key,
  label: row.label,
  type: row.type as CrmFieldType,
  options: parseJson<string[]>(row.options, []),
  required: row.required === 1,
  sort: Number(row.sort),
});

const minOf = (...values: (number | null)[]): number | null => {
  const present = values.filter((value): value is number => value !== null);
  return present.length > 0 ? Math.min(...present) : null;
};
const maxOf = (...values: (number | null)[]): number | null => {
  const present = values.filter((value): value is number => value !== null);
  return present.length > 0 ? Math.max(...present) : null;
};

/** What the robot's lead capture hands over (spec: `{ name, mobile }` for the visitor of a thread). */
export type LeadInput = { orgId: number; name: string; mobile: string; visitorId?: number | null };

export const createCrmService = (deps: {
  db: Executor;
  dialect: DialectName;
  sealer: Sealer;
  now?: () => number;
}) => {
  const { db, dialect, sealer } = deps;
  const now = deps.now ?? Date.now;

  const toCustomers = async (executor: Executor, orgId: number, rows: CustomerRow[]): Promise<Customer[]> => {
    const ids = rows.map((row) => row.id);
    const [tags, visitors] = await Promise.all([
      listTagsOf(executor, ids),
      listVisitorsOf(executor, orgId, ids),
    ]);
    return rows.map((row) => ({
      cid: row.cid,
      name: row.name,
      email: row.email,
      mobile: row.mobile,
      company: row.company,
      avatar: row.avatar,
      description: row.description,
      tags: tags.get(row.id) ?? [],
      owner: row.owner_uid ? { uid: row.owner_uid, nickname: row.owner_nickname ?? '' } : null,
      channel: row.channel,
      externalId: row.external_id,
      customFields: parseJson<CustomFieldValues>(row.custom_fields, {}),
      firstContactAt: row.first_contact_at === null ? null : Number(row.first_contact_at),
      lastContactAt: row.last_contact_at === null ? null : Number(row.last_contact_at),
      visitors: visitors.filter((visitor) => visitor.customer_id === row.id).map(toVisitorBrief),
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
    }));
  };

  const toCustomer = async (executor: Executor, orgId: number, row: CustomerRow): Promise<Customer> =>
    (await toCustomers(executor, orgId, [row]))[0] as Customer;

  const requireCustomer = async (executor: Executor, orgId: number, cid: string): Promise<CustomerRow> => {
    const row = await findCustomerByCid(executor, orgId, cid);
    if (!row) throw AppError.notFound('crm.customerNotFound', { cid });
    return row;
  };

  const resolveOwner = async (orgId: number, uid: string | null, field = 'owner'): Promise<number | null> => {
    if (uid === null) return null;
    const id = await findAccountIdByUid(db, orgId, uid);
    if (id === undefined)
      throw AppError.badRequest('crm.ownerNotFound', {
        params: { uid },
        fields: [{ field, message: 'is not an account of this organisation' }],
      });
    return id;
  };

  const fieldsOf = async (orgId: number) => (await listFields(db, orgId)).map(toField);

  const checkCustom = async (orgId: number, values: CustomFieldValues, isPartial = false) => {
    const checked = checkCustomFields(await fieldsOf(orgId), values, { isPartial });
    if (checked.errors.length > 0) throw AppError.validation(checked.errors);
    return checked.values;
  };

  /* ---- custom fields ---- */

  const fields = {
    list: (principal: Principal) => fieldsOf(principal.orgId),
    create: async (principal: Principal, body: CrmFieldCreateBody): Promise<CrmField> => {
      if (body.type === 'select' && body.options.length === 0)
        throw AppError.badRequest('crm.fieldOptionsRequired', {
          fields: [{ field: 'options', message: 'a select field needs at least one option' }],
        });
      const fid = createPublicId();
      try {
        await db
          .insertInto('crm_field')
          .values({
            fid,
            org_id: principal.orgId,
            key: body.key,
            label: body.label,
            type: body.type,
            options: JSON.stringify(body.type === 'select' ? [...new Set(body.options)] : []),
            required: body.required ? 1 : 0,
            sort: body.sort,
            created_at: now(),
          })
          .execute();
      } catch (error) {
        if (isUniqueViolation(error))
          throw AppError.conflict('crm.fieldKeyTaken', {
            params: { key: body.key },
            fields: [{ field: 'key', message: 'is taken' }],
          });
        throw error;
      }
      return toField((await findFieldByFid(db, principal.orgId, fid)) as CrmFieldRow);
    },
    update: async (principal: Principal, body: CrmFieldUpdateBody): Promise<CrmField> => {
      const row = await findFieldByFid(db, principal.orgId, body.fid);
      if (!row) throw AppError.notFound('crm.fieldNotFound', { fid: body.fid });
      if (row.type === 'select' && body.options !== undefined && body.options.length === 0)
        throw AppError.badRequest('crm.fieldOptionsRequired', {
          fields: [{ field: 'options', message: 'a select field needs at least one option' }],
        });
      await db
        .updateTable('crm_field')
        .set({
          ...(body.label !== undefined ? { label: body.label } : {}),
          ...(body.options !== undefined && row.type === 'select'
            ? { options: JSON.stringify([...new Set(body.options)]) }
            : {}),
          ...(body.required !== undefined ? { required: body.required ? 1 : 0 } : {}),
          ...(body.sort !== undefined ? { sort: body.sort } : {}),
        })
        .where('id', '=', row.id)
        .execute();
      return toField((await findFieldByFid(db, principal.orgId, body.fid)) as CrmFieldRow);
    },
    /** Deleting a definition keeps the stored values (an export still shows them); they are no longer editable. */
    remove: async (principal: Principal, fid: string): Promise<void> => {
      const result = await db
        .deleteFrom('crm_field')
        .where('org_id', '=', principal.orgId)
        .where('fid', '=', fid)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw AppError.notFound('crm.fieldNotFound', { fid });
    },
  };

  /* ---- customers ---- */

  const page = async (principal: Principal, query: CustomerQuery): Promise<Page<Customer>> => {
    let ownerId: number | null | undefined;
    if (query.owner === 'none') ownerId = null;
    else if (query.owner) ownerId = (await findAccountIdByUid(db, principal.orgId, query.owner)) ?? -1;
    const { rows, total } = await pageCustomers(db, dialect, principal.orgId, { ...query, ownerId }, query);
    return toPage(await toCustomers(db, principal.orgId, rows), total, query);
  };

  const get = async (principal: Principal, cid: string): Promise<Customer> =>
    toCustomer(db, principal.orgId, await requireCustomer(db, principal.orgId, cid));

  /** Inserts a customer inside the caller's transaction; values are already checked. */
  const insertCustomer = async (
    executor: Executor,
    orgId: number,
    values: Omit<CustomerCreateBody, 'owner'> & {
      ownerId: number | null;
      externalId?: string | null;
      firstContactAt?: number | null;
      lastContactAt?: number | null;
    },
  ): Promise<number> => {
    const time = now();
    const row = await executor
      .insertInto('customer')
      .values({
        cid: createPublicId(),
        org_id: orgId,
        name: values.name,
        email: normaliseEmail(values.email),
        mobile: normaliseMobile(values.mobile),
        company: values.company,
        avatar: values.avatar,
        description: values.description,
        owner_id: values.ownerId,
        channel: values.channel,
        external_id: values.externalId ?? null,
        custom_fields: JSON.stringify(values.customFields),
        first_contact_at: values.firstContactAt ?? null,
        last_contact_at: values.lastContactAt ?? null,
        created_at: time,
        updated_at: time,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await replaceTags(executor, id, values.tags);
    return id;
  };

  const create = async (principal: Principal, body: CustomerCreateBody): Promise<Customer> => {
    const ownerId = await resolveOwner(principal.orgId, body.owner);
    const customFields = await checkCustom(principal.orgId, body.customFields);
    const id = await db
      .transaction()
      .execute((trx) => insertCustomer(trx, principal.orgId, { ...body, ownerId, customFields }));
    return toCustomer(db, principal.orgId, (await findCustomerById(db, principal.orgId, id)) as CustomerRow);
  };

  const update = async (principal: Principal, body: CustomerUpdateBody): Promise<Customer> => {
    const row = await requireCustomer(db, principal.orgId, body.cid);
    const ownerId = body.owner === undefined ? undefined : await resolveOwner(principal.orgId, body.owner);
    const customFields =
      body.customFields === undefined ? undefined : await checkCustom(principal.orgId, body.customFields);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('customer')
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.email !== undefined ? { email: normaliseEmail(body.email) } : {}),
          ...(body.mobile !== undefined ? { mobile: normaliseMobile(body.mobile) } : {}),
          ...(body.company !== undefined ? { company: body.company } : {}),
          ...(body.avatar !== undefined ? { avatar: body.avatar } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.channel !== undefined ? { channel: body.channel } : {}),
          ...(ownerId !== undefined ? { owner_id: ownerId } : {}),
          ...(customFields !== undefined ? { custom_fields: JSON.stringify(customFields) } : {}),
          updated_at: now(),
        })
        .where('id', '=', row.id)
        .execute();
      if (body.tags !== undefined) await replaceTags(trx, row.id, body.tags);
    });
    return get(principal, body.cid);
  };

  /** Every cid must be the organisation's, else 404 naming the first unknown one (nothing changes). */
  const requireRows = async (orgId: number, cids: readonly string[]) => {
    const found = await listCustomersByCids(db, orgId, cids);
    const known = new Set(found.map((row) => row.cid));
    const missing = cids.find((cid) => !known.has(cid));
    if (missing !== undefined) throw AppError.notFound('crm.customerNotFound', { cid: missing });
    return found;
  };
  const requireIds = async (orgId: number, cids: readonly string[]): Promise<number[]> =>
    (await requireRows(orgId, cids)).map((row) => row.id);

  const bulkTag = async (
    principal: Principal,
    body: { cids: string[]; add: string[]; remove: string[] },
  ): Promise<CustomerBulkResult> => {
    const ids = await requireIds(principal.orgId, body.cids);
    await db.transaction().execute(async (trx) => {
      await removeTags(trx, ids, body.remove);
      await addTags(trx, ids, body.add);
      await trx.updateTable('customer').set({ updated_at: now() }).where('id', 'in', ids).execute();
    });
    return { count: ids.length };
  };

  const bulkAssign = async (
    principal: Principal,
    body: { cids: string[]; owner: string | null },
  ): Promise<CustomerBulkResult> => {
    const ids = await requireIds(principal.orgId, body.cids);
    const ownerId = await resolveOwner(principal.orgId, body.owner);
    await db
      .updateTable('customer')
      .set({ owner_id: ownerId, updated_at: now() })
      .where('org_id', '=', principal.orgId)
      .where('id', 'in', ids)
      .execute();
    return { count: ids.length };
  };

  /**
   * Deleting a customer unlinks its visitors and feedback (set null by the foreign keys) and its
   * tickets (no foreign key: `unlinkTicketsOfCustomers`, logged on each ticket); its notes and
   * tags go with it. One transaction, so no ticket is left pointing at a deleted customer.
   */
  const bulkDelete = async (principal: Principal, body: { cids: string[] }): Promise<CustomerBulkResult> => {
    const rows = await requireRows(principal.orgId, body.cids);
    await db.transaction().execute(async (trx) => {
      await unlinkTicketsOfCustomers(trx, principal.orgId, rows, principal.userId, now());
      await trx
        .deleteFrom('customer')
        .where('org_id', '=', principal.orgId)
        .where(
          'id',
          'in',
          rows.map((row) => row.id),
        )
        .execute();
    });
    return { count: rows.length };
  };

  /**
   * Moves everything of `source` to `target` in one transaction and deletes `source`: visitors
   * (and so their conversations), notes, feedback, tickets and tags. Empty profile fields of the
   * target take the source's values; a value of the source that differs from the target's kept
   * one is written into a note on the target, so nothing of the source is lost.
   */
  const merge = async (principal: Principal, body: CustomerMergeBody): Promise<Customer> => {
    if (body.target === body.source)
      throw AppError.badRequest('crm.mergeSame', {
        fields: [{ field: 'source', message: 'must differ from target' }],
      });
    const orgId = principal.orgId;
    await db.transaction().execute(async (trx) => {
      const target = await requireCustomer(trx, orgId, body.target);
      const source = await requireCustomer(trx, orgId, body.source);
      await trx
        .updateTable('visitor')
        .set({ customer_id: target.id })
        .where('org_id', '=', orgId)
        .where('customer_id', '=', source.id)
        .execute();
      await trx
        .updateTable('customer_note')
        .set({ customer_id: target.id })
        .where('org_id', '=', orgId)
        .where('customer_id', '=', source.id)
        .execute();
      await trx
        .updateTable('feedback')
        .set({ customer_id: target.id })
        .where('org_id', '=', orgId)
        .where('customer_id', '=', source.id)
        .execute();
      await moveTicketsToCustomer(trx, orgId, source.cid, target.cid);
      const sourceTags = (await listTagsOf(trx, [source.id])).get(source.id) ?? [];
      await addTags(trx, [target.id], sourceTags);

      const kept: string[] = [];
      const pick = (key: 'name' | 'email' | 'mobile' | 'company' | 'avatar' | 'description'): string => {
        const mine = target[key];
        const theirs = source[key];
        if (!mine) return theirs;
        if (theirs && theirs !== mine) kept.push(`${key}: ${theirs}`);
        return mine;
      };
      const targetFields = parseJson<CustomFieldValues>(target.custom_fields, {});
      const sourceFields = parseJson<CustomFieldValues>(source.custom_fields, {});
      const customFields: CustomFieldValues = { ...sourceFields, ...targetFields };
      for (const [key, value] of Object.entries(sourceFields))
        if (targetFields[key] !== undefined && targetFields[key] !== value)
          kept.push(`${key}: ${String(value)}`);
      if (source.external_id && target.external_id && source.external_id !== target.external_id)
        kept.push(`externalId: ${source.external_id}`);
      const values = {
        name: pick('name'),
        email: pick('email'),
        mobile: pick('mobile'),
        company: pick('company'),
        avatar: pick('avatar'),
        description: pick('description'),
      };
      // The source goes first: its external id may move to the target (unique per organisation).
      await trx.deleteFrom('customer').where('id', '=', source.id).execute();
      await trx
        .updateTable('customer')
        .set({
          ...values,
          owner_id: target.owner_id ?? source.owner_id,
          external_id: target.external_id ?? source.external_id,
          custom_fields: JSON.stringify(customFields),
          first_contact_at: minOf(target.first_contact_at, source.first_contact_at),
          last_contact_at: maxOf(target.last_contact_at, source.last_contact_at),
          updated_at: now(),
        })
        .where('id', '=', target.id)
        .execute();
      await trx
        .insertInto('customer_note')
        .values({
          nid: createPublicId(),
          org_id: orgId,
          customer_id: target.id,
          author_id: principal.userId,
          content:
            `Merged ${source.name} (${source.cid})` +
            (kept.length > 0 ? `; its other values:\n${kept.join('\n')}` : ''),
          created_at: now(),
        })
        .execute();
    });
    return get(principal, body.target);
  };

  const duplicates = async (
    principal: Principal,
    query: { cid?: string; email?: string; mobile?: string },
  ): Promise<Customer[]> => {
    let contact = { email: normaliseEmail(query.email ?? ''), mobile: normaliseMobile(query.mobile ?? '') };
    let exceptId: number | undefined;
    if (query.cid) {
      const row = await requireCustomer(db, principal.orgId, query.cid);
      contact = { email: row.email, mobile: row.mobile };
      exceptId = row.id;
    }
    const rows = await listCustomersByContact(db, principal.orgId, contact, exceptId);
    return toCustomers(db, principal.orgId, rows);
  };

  /** Links a visitor to a customer (from the workbench); first/last contact follow the visitor's visits. */
  const linkVisitorTo = async (executor: Executor, orgId: number, customer: CustomerRow, vid: string) => {
    const visitor = await findVisitorOfOrg(executor, orgId, vid);
    if (!visitor) throw AppError.notFound('crm.visitorNotFound', { vid });
    await executor
      .updateTable('visitor')
      .set({ customer_id: customer.id })
      .where('id', '=', visitor.id)
      .execute();
    await executor
      .updateTable('customer')
      .set({
        first_contact_at: minOf(customer.first_contact_at, Number(visitor.first_visit_at)),
        last_contact_at: maxOf(customer.last_contact_at, Number(visitor.last_visit_at)),
        updated_at: now(),
      })
      .where('id', '=', customer.id)
      .execute();
  };

  const link = async (principal: Principal, body: { cid: string; vid: string }): Promise<Customer> => {
    await db.transaction().execute(async (trx) => {
      const customer = await requireCustomer(trx, principal.orgId, body.cid);
      await linkVisitorTo(trx, principal.orgId, customer, body.vid);
    });
    return get(principal, body.cid);
  };

  /** The customer a visitor is linked to, for the workbench's visitor panel (null when none). */
  const ofVisitor = async (principal: Principal, vid: string): Promise<Customer | null> => {
    const visitor = await findVisitorOfOrg(db, principal.orgId, vid);
    if (!visitor) throw AppError.notFound('crm.visitorNotFound', { vid });
    if (visitor.customer_id === null) return null;
    const row = await findCustomerById(db, principal.orgId, visitor.customer_id);
    return row ? toCustomer(db, principal.orgId, row) : null;
  };

  /* ---- notes and timeline ---- */

  const toNotes = (rows: Awaited<ReturnType<typeof listNotes>>): CustomerNote[] =>
    rows.map((row) => ({
      nid: row.nid,
      content: row.content,
      author: row.author_uid ? { uid: row.author_uid, nickname: row.author_nickname ?? '' } : null,
      createdAt: Number(row.created_at),
    }));

  const notes = {
    list: async (principal: Principal, cid: string) =>
      toNotes(await listNotes(db, principal.orgId, (await requireCustomer(db, principal.orgId, cid)).id)),
    add: async (principal: Principal, body: { cid: string; content: string }): Promise<CustomerNote> => {
      const customer = await requireCustomer(db, principal.orgId, body.cid);
      const nid = createPublicId();
      await db
        .insertInto('customer_note')
        .values({
          nid,
          org_id: principal.orgId,
          customer_id: customer.id,
          author_id: principal.userId,
          content: body.content,
          created_at: now(),
        })
        .execute();
      const all = toNotes(await listNotes(db, principal.orgId, customer.id));
      return all.find((note) => note.nid === nid) as CustomerNote;
    },
    remove: async (principal: Principal, nid: string): Promise<void> => {
      const result = await db
        .deleteFrom('customer_note')
        .where('org_id', '=', principal.orgId)
        .where('nid', '=', nid)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw AppError.notFound('crm.noteNotFound', { nid });
    },
  };

  const timelineLimit = 200;
  const timeline = async (principal: Principal, cid: string): Promise<CustomerTimelineEntry[]> => {
    const customer = await requireCustomer(db, principal.orgId, cid);
    const [conversations, noteRows, feedback, tickets] = await Promise.all([
      listConversationsOf(db, principal.orgId, customer.id, timelineLimit),
      listNotes(db, principal.orgId, customer.id),
      listFeedbackOf(db, principal.orgId, customer.id, timelineLimit),
      listTicketsOfCustomer(db, principal.orgId, customer.cid, timelineLimit),
    ]);
    const entries: CustomerTimelineEntry[] = [
      ...conversations.map((row) => ({
        kind: 'conversation' as const,
        id: row.tid,
        title: row.content,
        status: row.status,
        at: Number(row.created_at),
      })),
      ...noteRows.map((row) => ({
        kind: 'note' as const,
        id: row.nid,
        title: row.content,
        status: '',
        at: Number(row.created_at),
      })),
      ...feedback.map((row) => ({
        kind: 'feedback' as const,
        id: row.fid,
        title: row.content,
        status: row.status,
        at: Number(row.created_at),
      })),
      ...tickets.map((row) => ({
        kind: 'ticket' as const,
        id: row.tkid,
        title: `#${row.number} ${row.title}`,
        status: row.status,
        at: Number(row.created_at),
      })),
    ];
    return entries.sort((a, b) => b.at - a.at).slice(0, timelineLimit);
  };

  /* ---- saved views (per user) ---- */

  const views = {
    list: async (principal: Principal): Promise<CustomerView[]> => {
      const rows = await db
        .selectFrom('customer_view')
        .selectAll()
        .where('org_id', '=', principal.orgId)
        .where('user_id', '=', principal.userId)
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        viewId: row.view_id,
        name: row.name,
        filters: customerFilterSchema.catch({}).parse(parseJson(row.filters, {})),
        createdAt: Number(row.created_at),
      }));
    },
    create: async (
      principal: Principal,
      body: { name: string; filters: CustomerFilter },
    ): Promise<CustomerView> => {
      const viewId = createPublicId();
      const createdAt = now();
      await db
        .insertInto('customer_view')
        .values({
          view_id: viewId,
          org_id: principal.orgId,
          user_id: principal.userId,
          name: body.name,
          filters: JSON.stringify(body.filters),
          created_at: createdAt,
        })
        .execute();
      return { viewId, name: body.name, filters: body.filters, createdAt };
    },
    remove: async (principal: Principal, viewId: string): Promise<void> => {
      const result = await db
        .deleteFrom('customer_view')
        .where('org_id', '=', principal.orgId)
        .where('user_id', '=', principal.userId)
        .where('view_id', '=', viewId)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw AppError.notFound('crm.viewNotFound', { viewId });
    },
  };

  /* ---- signed visitor identity ---- */

  const identity = {
    status: async (principal: Principal) => {
      if (!isOrgAdmin(principal)) throw AppError.forbidden('crm.adminOnly');
      const row = await findIdentitySecret(db, principal.orgId);
      return { configured: row !== undefined, createdAt: row ? Number(row.created_at) : null };
    },
    /**
     * A new secret replaces the old one at once and is returned only here. It is sealed, not
     * hashed, because every signature check needs the secret itself.
     */
    rotate: async (principal: Principal) => {
      if (!isOrgAdmin(principal)) throw AppError.forbidden('crm.adminOnly');
      const secret = randomBytes(32).toString('hex');
      const createdAt = now();
      await saveIdentitySecret(db, principal.orgId, sealer.seal(secret), createdAt);
      return { secret, createdAt };
    },
  };

  /**
   * The widget's signed identity: `signature` must be the HMAC of every field sent (user id,
   * name, email, mobile) with the organisation's secret, so none of them can be changed by the
   * visitor. A missing secret or a wrong signature links nothing (403). A valid one
   * finds the customer by the site's user id (never by the unsigned email or mobile, so nobody can
   * claim an existing customer by typing their address), creates it if new, fills in what was
   * given and links the visitor.
   */
  const identify = async (
    visitor: { visitorId: number; vid: string; orgId: number },
    body: VisitorIdentifyBody,
  ): Promise<Customer> => {
    const orgId = visitor.orgId;
    const stored = await findIdentitySecret(db, orgId);
    if (!stored) throw AppError.forbidden('crm.identityNotConfigured');
    const expected = Buffer.from(signIdentity(sealer.open(stored.secret_sealed), body), 'hex');
    const given = Buffer.from(body.signature.toLowerCase(), 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw AppError.forbidden('crm.identitySignatureInvalid');
    const cid = await db.transaction().execute(async (trx) => {
      const visitorRow = await findVisitorOfOrg(trx, orgId, visitor.vid);
      if (!visitorRow) throw AppError.notFound('crm.visitorNotFound', { vid: visitor.vid });
      let customer = await findCustomerByExternalId(trx, orgId, body.userId);
      const time = now();
      if (!customer) {
        const id = await insertCustomer(trx, orgId, {
          name: body.name || body.email || body.mobile || body.userId,
          email: body.email,
          mobile: body.mobile,
          company: '',
          avatar: '',
          description: '',
          tags: [],
          ownerId: null,
          channel: visitorRow.client,
          customFields: {},
          externalId: body.userId,
          firstContactAt: Number(visitorRow.first_visit_at),
          lastContactAt: time,
        });
        customer = (await findCustomerById(trx, orgId, id)) as CustomerRow;
      } else {
        await trx
          .updateTable('customer')
          .set({
            ...(body.name ? { name: body.name } : {}),
            ...(body.email ? { email: normaliseEmail(body.email) } : {}),
            ...(body.mobile ? { mobile: normaliseMobile(body.mobile) } : {}),
            last_contact_at: time,
            updated_at: time,
          })
          .where('id', '=', customer.id)
          .execute();
      }
      await linkVisitorTo(trx, orgId, customer, visitor.vid);
      return customer.cid;
    });
    return toCustomer(db, orgId, (await findCustomerByCid(db, orgId, cid)) as CustomerRow);
  };

  /**
   * For the robot's lead capture (and anything else that learns a visitor's name and mobile):
   * the visitor's customer gets the number when it has none; else a customer with that number is
   * reused; else a new one of channel `lead` is created. The visitor, when given, is linked.
   * Returns the customer's cid.
   */
  const captureLead = async (input: LeadInput): Promise<string> => {
    const name = input.name.trim().slice(0, 100);
    const mobile = normaliseMobile(input.mobile.trim()).slice(0, 20);
    if (!mobile && !name) throw AppError.validation([{ field: 'mobile', message: 'is required' }]);
    return db.transaction().execute(async (trx) => {
      const visitor =
        input.visitorId === undefined || input.visitorId === null
          ? undefined
          : await trx
              .selectFrom('visitor')
              .select(['id', 'vid', 'customer_id', 'client', 'first_visit_at', 'last_visit_at'])
              .where('org_id', '=', input.orgId)
              .where('id', '=', input.visitorId)
              .executeTakeFirst();
      let customer =
        visitor?.customer_id != null
          ? await findCustomerById(trx, input.orgId, visitor.customer_id)
          : undefined;
      if (!customer && mobile)
        customer = (await listCustomersByContact(trx, input.orgId, { email: '', mobile }))[0];
      if (customer) {
        await trx
          .updateTable('customer')
          .set({
            ...(!customer.mobile && mobile ? { mobile } : {}),
            ...(!customer.name && name ? { name } : {}),
            updated_at: now(),
          })
          .where('id', '=', customer.id)
          .execute();
      } else {
        const id = await insertCustomer(trx, input.orgId, {
          name: name || mobile,
          email: '',
          mobile,
          company: '',
          avatar: '',
          description: '',
          tags: [],
          ownerId: null,
          channel: 'lead',
          customFields: {},
          firstContactAt: visitor ? Number(visitor.first_visit_at) : now(),
          lastContactAt: now(),
        });
        customer = (await findCustomerById(trx, input.orgId, id)) as CustomerRow;
      }
      if (visitor) await linkVisitorTo(trx, input.orgId, customer, visitor.vid);
      return customer.cid;
    });
  };

  return {
    fields,
    page,
    get,
    create,
    update,
    bulkTag,
    bulkAssign,
    bulkDelete,
    merge,
    duplicates,
    link,
    ofVisitor,
    notes,
    timeline,
    views,
    identity,
    identify,
    captureLead,
    /** For the import: the same checks and insert as `create`, inside the import's transaction. */
    internal: { checkCustom, resolveOwner, insertCustomer, fieldsOf },
  };
};
