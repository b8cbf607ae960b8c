import {
  agentCreateBodySchema,
  agentStatusQuerySchema,
  agentStatusSchema,
  agentUpdateBodySchema,
  clientParamSchema,
  envelopeSchema,
  idBodySchema,
  onlineSubQuerySchema,
  pageQuerySchema,
  pageSchema,
  uidBodySchema,
  userBriefSchema,
  userFilterQuerySchema,
  userGetQuerySchema,
  userSchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPrincipal, requirePermission } from '../../http/guards.js';
import { errorResponses, ok } from '../../http/reply.js';

const tags = ['user'];
const pagedQuery = pageQuerySchema.extend(clientParamSchema.shape);
const userPage = envelopeSchema(pageSchema(userSchema));
const userEnvelope = envelopeSchema(userSchema);

const tenantNote =
  "Only the caller's organisation: another organisation's uid answers 404 like an unknown one.";

/**
 * Spec §7 "User" → the organisation's agents (kefu → account). Guarded by the kefu.account
 * permission: lists need `query`, one account `get`, then add / edit / enable / disable / delete.
 */
export const agentRoutes: FastifyPluginAsyncZod = async (app) => {
  const agents = app.services.agents;

  app.get(
    '/api/user/query',
    {
      onRequest: [requirePermission('kefu.account', 'query')],
      schema: {
        tags,
        summary: "A page of the organisation's agents",
        description:
          'Agents and admins of the caller’s organisation (robots never), newest first. Optional filters ' +
          'realName, username, nickname, email, mobile: each "contains", case-insensitive, all must match.',
        querystring: userFilterQuerySchema,
        response: { 200: userPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await agents.page(getPrincipal(request), request.query)),
  );

  app.get(
    '/api/user/all',
    {
      onRequest: [requirePermission('kefu.account', 'query')],
      schema: {
        tags,
        summary: "A page of the organisation's agents, unfiltered",
        description: 'Agents and admins of the caller’s organisation (robots never), newest first.',
        querystring: pagedQuery,
        response: { 200: userPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await agents.page(getPrincipal(request), request.query)),
  );

  app.get(
    '/api/user/all/online',
    {
      onRequest: [requirePermission('kefu.account', 'query')],
      schema: {
        tags,
        summary: "A page of the organisation's online agents",
        description:
          'Agents whose status is an online one (online, busy, away, rest, eat, leave, after, sign_in, login, connected).',
        querystring: pagedQuery,
        response: { 200: userPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await agents.pageOnline(getPrincipal(request), request.query)),
  );

  app.get(
    '/api/user/all/online/sub',
    {
      onRequest: [requirePermission('kefu.account', 'query')],
      schema: {
        tags,
        summary: 'A page of the online agents of the organisation `subDomain`',
        description:
          'Tenant users may name only their own organisation (any other subDomain is a 404); platform staff any.',
        querystring: onlineSubQuerySchema,
        response: { 200: userPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await agents.pageOnlineOfSubDomain(getPrincipal(request), request.query)),
  );

  app.get(
    '/api/user/get',
    {
      onRequest: [requirePermission('kefu.account', 'get')],
      schema: {
        tags,
        summary: 'One agent or robot of the organisation',
        description: tenantNote,
        querystring: userGetQuerySchema,
        response: { 200: userEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await agents.get(getPrincipal(request), request.query.uid)),
  );

  app.get(
    '/api/user/get/all',
    {
      onRequest: [requirePermission('kefu.account', 'query')],
      schema: {
        tags,
        summary: 'Every agent of the organisation, for pickers',
        description: 'All agents and admins (robots never), by nickname, without paging, in the short form.',
        querystring: clientParamSchema,
        response: { 200: envelopeSchema(z.array(userBriefSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await agents.listBriefs(getPrincipal(request))),
  );

  app.get(
    '/api/user/filter',
    {
      onRequest: [requirePermission('kefu.account', 'query')],
      schema: {
        tags,
        summary: 'Search agents by name',
        description:
          '`realName` matches the real name or the nickname, `nickname` the nickname ("contains", ' +
          'case-insensitive; either may match). Without a term: every agent. Newest first.',
        querystring: userFilterQuerySchema,
        response: { 200: userPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await agents.filterByName(getPrincipal(request), request.query)),
  );

  app.get(
    '/api/user/filter2',
    {
      onRequest: [requirePermission('kefu.account', 'query')],
      schema: {
        tags,
        summary: 'Search agents by email or mobile',
        description: '`email` and `mobile` "contains", case-insensitive; either may match. Newest first.',
        querystring: userFilterQuerySchema,
        response: { 200: userPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await agents.filterByContact(getPrincipal(request), request.query)),
  );

  app.get(
    '/api/user/status',
    {
      onRequest: [requirePermission('kefu.status', 'query')],
      schema: {
        tags,
        summary: "A page of the organisation's agents with status and load",
        description:
          'Each agent’s status, auto-reply, capacity (maxThreadCount), open conversations (assigned and ' +
          'neither closed nor offline) and skill groups. Filters: status online/offline, wid (members of that ' +
          'skill group of the organisation), nickname contains.',
        querystring: agentStatusQuerySchema,
        response: { 200: envelopeSchema(pageSchema(agentStatusSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await agents.pageStatus(getPrincipal(request), request.query)),
  );

  app.post(
    '/api/user/create',
    {
      onRequest: [requirePermission('kefu.account', 'add')],
      schema: {
        tags,
        summary: 'Add an agent to the organisation',
        description:
          'Roles default to ROLE_WORKGROUP_AGENT (only agent roles can be given here). `workGroups` are ' +
          'wids of the organisation’s skill groups (400 naming workGroups otherwise). Username, email and ' +
          'mobile must be unused platform-wide (409 naming the field).',
        body: agentCreateBodySchema,
        response: { 200: userEnvelope, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ok(request, await agents.create(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/user/update',
    {
      onRequest: [requirePermission('kefu.account', 'edit')],
      schema: {
        tags,
        summary: 'Edit an agent of the organisation',
        description:
          'Omitted fields stay as they are; `workGroups` replaces the memberships; `roles` replaces the ' +
          'agent roles. Administrator accounts are changed by platform staff only (403), robots through ' +
          `/update/robot (404). Disabling through \`enabled: false\` signs the agent out. ${tenantNote}`,
        body: agentUpdateBodySchema,
        response: { 200: userEnvelope, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await agents.update(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/user/update/disable',
    {
      onRequest: [requirePermission('kefu.account', 'disable')],
      schema: {
        tags,
        summary: 'Disable an agent or robot',
        description:
          'The account can no longer sign in and every token it holds is revoked, so its next request is ' +
          'a 401. Not your own account (409), not an administrator account (403, except for platform ' +
          "staff, who may disable any organisation's accounts).",
        body: uidBodySchema,
        response: { 200: userEnvelope, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await agents.setEnabled(getPrincipal(request), request.body.uid, false)),
  );

  app.post(
    '/api/user/update/enable',
    {
      onRequest: [requirePermission('kefu.account', 'enable')],
      schema: {
        tags,
        summary: 'Enable an agent or robot',
        description:
          "The account may sign in again (old sessions stay revoked). Platform staff may enable any organisation's accounts.",
        body: uidBodySchema,
        response: { 200: userEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await agents.setEnabled(getPrincipal(request), request.body.uid, true)),
  );

  app.post(
    '/api/user/delete',
    {
      onRequest: [requirePermission('kefu.account', 'delete')],
      schema: {
        tags,
        summary: 'Delete an agent (body `id` = uid)',
        description:
          'Soft delete: the account leaves every list and skill group and is signed out; its history ' +
          'stays and its username remains reserved. Refused (409) while it has open conversations, for ' +
          "your own account and for an organisation's owner; administrator accounts are for platform " +
          'staff only (403). Robots are deleted through /robot/delete (404 here).',
        body: idBodySchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await agents.remove(getPrincipal(request), request.body.id, 'agent');
      return ok(request, null);
    },
  );
};
