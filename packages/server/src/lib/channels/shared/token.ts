import { OutsideError } from '../../outside/http.js';
import type { AdapterContext } from '../../../modules/channel/channel.adapter.js';

/**
 * A call with a platform's access token. `token` answers the kept one or gets a new one; when the
 * platform refuses it as expired (platformCode `token_expired`: it may end before the time it was
 * given) it is forgotten and the call made once more with a new one.
 */
export const callWithToken = async <T>(
  ctx: AdapterContext,
  tokenName: string,
  token: () => Promise<string>,
  call: (token: string) => Promise<T>,
): Promise<T> => {
  try {
    return await call(await token());
  } catch (error) {
    if (!(error instanceof OutsideError) || error.platformCode !== 'token_expired') throw error;
    await ctx.tokens.drop(tokenName);
    return call(await token());
  }
};
