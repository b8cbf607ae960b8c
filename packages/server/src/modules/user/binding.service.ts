import type { AccountBinding } from '@openkefu/contract';
import { isUniqueViolation, type Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../auth/auth.service.js';
import type { CodeChannel } from '../auth/code-delivery.js';
import { normalizeAddress, type VerificationService } from '../auth/verification.service.js';

/* Repository: the queries of binding, each taking the executor first. */

/** The caller's own addresses; scoped by organisation like every tenant query. */
export const findBindingOfUser = async (
  db: Executor,
  orgId: number,
  userId: number,
): Promise<AccountBinding | undefined> =>
  db
    .selectFrom('user')
    .select(['email', 'mobile'])
    .where('org_id', '=', orgId)
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/**
 * Whether another account uses the address. Platform-wide and deleted accounts included: emails
 * and mobiles are sign-in keys, unique over every organisation (the column's unique constraint).
 */
export const isAddressUsedByOther = async (
  db: Executor,
  column: CodeChannel,
  address: string,
  userId: number,
): Promise<boolean> =>
  (await db
    .selectFrom('user')
    .select('id')
    .where(column, '=', address)
    .where('id', '!=', userId)
    .executeTakeFirst()) !== undefined;

export const setAddressOfUser = async (
  db: Executor,
  input: { orgId: number; userId: number; column: CodeChannel; address: string; now: number },
): Promise<boolean> => {
  const result = await db
    .updateTable('user')
    .set({ [input.column]: input.address, updated_at: input.now })
    .where('org_id', '=', input.orgId)
    .where('id', '=', input.userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/* Service. */

export type BindingService = ReturnType<typeof createBindingService>;

const takenKey = (channel: CodeChannel) =>
  channel === 'email' ? ('user.emailTaken' as const) : ('user.mobileTaken' as const);

export const createBindingService = (deps: {
  db: Executor;
  verification: VerificationService;
  now?: () => number;
}) => {
  const now = deps.now ?? Date.now;

  const taken = (channel: CodeChannel, address: string) =>
    AppError.conflict(takenKey(channel), {
      params: { value: address },
      fields: [{ field: channel, message: 'used by another account' }],
    });

  /**
   * Binds an email or mobile to the signed-in account once the code sent to it checks out. The
   * address being free is checked before the code, so a code is not burnt on a bind that fails anyway.
   */
  const bind = async (
    principal: Principal,
    input: { channel: CodeChannel; address: string; code: string },
  ): Promise<AccountBinding> => {
    const current = await findBindingOfUser(deps.db, principal.orgId, principal.userId);
    if (!current) throw AppError.unauthorized();
    const address = normalizeAddress(input.channel, input.address);
    // Already this account's: nothing to change (and no code could be sent for it).
    if (current[input.channel] === address) return current;
    if (await isAddressUsedByOther(deps.db, input.channel, address, principal.userId))
      throw taken(input.channel, address);
    await deps.verification.verifyCode({
      channel: input.channel,
      address,
      purpose: 'register',
      code: input.code,
    });
    try {
      const isUpdated = await setAddressOfUser(deps.db, {
        orgId: principal.orgId,
        userId: principal.userId,
        column: input.channel,
        address,
        now: now(),
      });
      if (!isUpdated) throw AppError.unauthorized();
    } catch (error) {
      // Another account bound the same address between the check and the update.
      if (isUniqueViolation(error)) throw taken(input.channel, address);
      throw error;
    }
    return { ...current, [input.channel]: address };
  };

  return { bind };
};
