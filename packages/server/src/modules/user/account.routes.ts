import {
  accountUpdateBodySchema,
  adminAccountCreateBodySchema,
  balanceLogQuerySchema,
  balanceLogSchema,
  balanceUpdateBodySchema,
  descriptionBodySchema,
  envelopeSchema,
  pageSchema,
  renewBodySchema,
  userFilterQuerySchema,
  userGetQuerySchema,
  userSchema,
  validityUpdateBodySchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getPrincipal, requirePlatformStaff } from '../../http/guards.js';
import { errorResponses, languageOf, ok } from '../../http/reply.js';

const tags = ['user', 'platform'];
const userPage = envelopeSchema(pageSchema(userSchema));
const userEnvelope = envelopeSchema(userSchema);
const ledgerNote =
  'Writes a balance-log row (operator, amount, balance after, validity, description) in the same transaction.';

/** Platform section → accounts of every organisation (spec §7 "User"). Platform staff only. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const accounts = app.services.accounts;

  app.get(
    '/api/user/all/admin',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: 'A page of admin accounts across organisations',
        description:
          'The owner account of every organisation, newest first. username, nickname, email and mobile ' +
          '(each "contains", case-insensitive) narrow the list together.',
        querystring: userFilterQuerySchema,
        response: { 200: userPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await accounts.pageAdmins(request.query)),
  );

  app.get(
    '/api/user/filter/admin',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: 'Search every account across organisations (platform → users)',
        description:
          'Owners and agents of every organisation (robots excluded), newest first. username, nickname, ' +
          'email and mobile: each "contains", case-insensitive; given together they must all match.',
        querystring: userFilterQuerySchema,
        response: { 200: userPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await accounts.filterAdmins(request.query)),
  );

  app.get(
    '/api/user/get/force',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: 'Any account by uid, whatever its organisation',
        querystring: userGetQuerySchema,
        response: { 200: userEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await accounts.getAny(request.query.uid)),
  );

  app.post(
    '/api/user/create/user',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: 'Open an admin account with a new organisation',
        description:
          'Like self-registration: a new organisation (subDomain derived from the username) owned by the ' +
          'new account, with a default skill group (named in the request language) whose member is the owner. ' +
          'Roles default to ROLE_ADMIN; optional opening balance and validity are logged. ' +
          'Username, email and mobile must be unused (409 naming the field).',
        body: adminAccountCreateBodySchema,
        response: { 200: userEnvelope, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) =>
      ok(
        request,
        await accounts.createAdminAccount(getPrincipal(request), request.body, languageOf(request)),
      ),
  );

  app.post(
    '/api/user/update/user',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: 'Edit any account, roles included',
        description:
          'Nickname, real name, email, mobile, description and roles (any role value) of an account of ' +
          'any organisation. Omitted fields stay as they are. You cannot remove ROLE_SUPER from yourself (409).',
        body: accountUpdateBodySchema,
        response: { 200: userEnvelope, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await accounts.updateAnyAccount(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/user/renew',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: 'Renew an account: set its validity and balance together',
        description: `Sets validateUntilDate and balance (the new balance, not an increment). ${ledgerNote}`,
        body: renewBodySchema,
        response: { 200: userEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await accounts.renew(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/user/update/balance',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: "Set an account's balance",
        description: `Sets the balance (not an increment) with the reason in description. ${ledgerNote}`,
        body: balanceUpdateBodySchema,
        response: { 200: userEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await accounts.setBalance(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/user/update/validateUntilDate',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: "Set an account's validity date",
        description: `Sets validateUntilDate (YYYY-MM-DD) and, when given, the balance. ${ledgerNote}`,
        body: validityUpdateBodySchema,
        response: { 200: userEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await accounts.setValidity(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/v2/user/description',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: "Set an account's description (a platform note)",
        body: descriptionBodySchema,
        response: { 200: userEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await accounts.setDescription(request.body)),
  );

  app.get(
    '/api/user/balance/log',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: "A page of an account's balance and validity history",
        description:
          'Renewals, balance and validity changes of the account `uid`, newest first, with the operator.',
        querystring: balanceLogQuerySchema,
        response: {
          200: envelopeSchema(pageSchema(balanceLogSchema)),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(request, await accounts.pageBalanceLog(request.query)),
  );
};
