import type { Visitor, VisitorInitBody, VisitorInitResult, VisitorProfileBody } from '@openkefu/contract';
import { visitorInitBodySchema } from '@openkefu/contract';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { createPublicId } from '../../lib/ids.js';
import { createOpaqueToken, hashToken } from '../../lib/secrets.js';
import { channelClientOf, type ChannelType } from '@openkefu/contract';
import { findAccountByAppKey, findLiveWorkgroupWidById } from '../channel/channel.repository.js';
import {
  findOrganizationById,
  findOrganizationBySubDomain,
} from '../organization/organization.repository.js';
import type { VisitorPrincipal } from './visitor.guard.js';
import { toVisitor } from './visitor.mapper.js';
import {
  findVisitorById,
  findVisitorByTokenHash,
  findVisitorByVid,
  insertVisitor,
  recordVisit,
  updateVisitor,
} from './visitor.repository.js';

export type VisitorService = ReturnType<typeof createVisitorService>;

/** What the HTTP layer knows about the visiting browser. */
export type VisitContext = { ip: string; userAgent: string };

export const createVisitorService = (deps: { db: Executor; now?: () => number }) => {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  /** A returning browser keeps its identity; any other token (or none) starts a new visitor. */
  const init = async (input: VisitorInitBody, visit: VisitContext): Promise<VisitorInitResult> => {
    const body = visitorInitBodySchema.parse(input);
    const { organization, channel, client } = await originOf(body);
    const details = {
      client,
      ip: visit.ip.slice(0, 64),
      userAgent: visit.userAgent.slice(0, 500),
      page: body.page,
      referrer: body.referrer,
      now: now(),
    };
    let token = body.token;
    let row = token ? await findVisitorByTokenHash(db, hashToken(token)) : undefined;
    if (row && row.org_id !== organization.id) row = undefined;
    if (row) {
      await recordVisit(db, row.id, details);
      if (body.nickname) await updateVisitor(db, organization.id, row.id, { nickname: body.nickname });
    } else {
      token = createOpaqueToken();
      const vid = createPublicId();
      const id = await insertVisitor(db, {
        vid,
        orgId: organization.id,
        tokenHash: hashToken(token),
        // "Visitor" plus a short tail of the id, so agents can tell anonymous visitors apart.
        nickname: body.nickname ?? `Visitor ${vid.slice(0, 6)}`,
        ...details,
      });
      row = await findVisitorById(db, organization.id, id);
    }
    const fresh = row ? await findVisitorById(db, organization.id, row.id) : undefined;
    if (!fresh || !token) throw new Error('visitor vanished while being initialised');
    return {
      visitor: toVisitor(fresh),
      token,
      organization: { oid: organization.oid, name: organization.name, subDomain: organization.sub_domain },
      ...(channel ? { channel } : {}),
    };
  };

  /**
   * The organisation the visitor belongs to: by its subDomain, or by an SDK channel's app key, whose
   * conversations carry the channel's client (an App channel says android or ios itself).
   */
  const originOf = async (body: ReturnType<typeof visitorInitBodySchema.parse>) => {
    if (body.appKey !== undefined) {
      const account = await findAccountByAppKey(db, body.appKey);
      const organization =
        account && Number(account.enabled) === 1
          ? await findOrganizationById(db, Number(account.org_id))
          : undefined;
      if (!account || !organization)
        throw AppError.notFound('channel.unknownAppKey', { appKey: body.appKey.slice(0, 64) });
      const type = account.type as ChannelType;
      const isNative = type === 'app' && (body.client === 'android' || body.client === 'ios');
      const wid =
        account.workgroup_id === null
          ? null
          : ((await findLiveWorkgroupWidById(db, organization.id, Number(account.workgroup_id))) ?? null);
      return {
        organization,
        channel: { type, wid },
        client: isNative ? body.client : channelClientOf[type],
      };
    }
    const org = body.org ?? '';
    const organization = await findOrganizationBySubDomain(db, org);
    if (!organization) throw AppError.notFound('visitor.unknownOrganization', { org });
    return { organization, channel: null, client: body.client };
  };

  const get = async (visitor: VisitorPrincipal): Promise<Visitor> => {
    const row = await findVisitorById(db, visitor.orgId, visitor.visitorId);
    if (!row) throw AppError.unauthorized('visitor.unauthorized');
    return toVisitor(row);
  };

  const updateProfile = async (visitor: VisitorPrincipal, body: VisitorProfileBody): Promise<Visitor> => {
    const values: Partial<{ nickname: string; email: string; mobile: string }> = {};
    if (body.nickname !== undefined) values.nickname = body.nickname;
    if (body.email !== undefined) values.email = body.email;
    if (body.mobile !== undefined) values.mobile = body.mobile;
    await updateVisitor(db, visitor.orgId, visitor.visitorId, values);
    return get(visitor);
  };

  /** An agent's note; the visitor must belong to the agent's organisation. */
  const setNote = async (orgId: number, vid: string, note: string): Promise<Visitor> => {
    const row = await findVisitorByVid(db, orgId, vid);
    if (!row) throw AppError.notFound('visitor.notFound', { vid });
    await updateVisitor(db, orgId, row.id, { note });
    return toVisitor({ ...row, note });
  };

  const findByVid = async (orgId: number, vid: string) => {
    const row = await findVisitorByVid(db, orgId, vid);
    if (!row) throw AppError.notFound('visitor.notFound', { vid });
    return row;
  };

  return { init, get, updateProfile, setNote, findByVid };
};
