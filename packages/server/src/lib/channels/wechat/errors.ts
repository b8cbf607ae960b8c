import { OutsideError } from '../../outside/http.js';

/*
 * WeChat answers most errors with HTTP 200 and an `errcode`. Which codes are worth retrying and
 * which need a person (a secret, a permission, the reply window) decides whether the job runner
 * tries again with back-off or gives up at once and shows the agent why.
 */

/** The access token was refused (invalid, expired early, replaced): fetch a new one and try again once. */
export const tokenRefusedCodes: ReadonlySet<number> = new Set([40001, 40014, 42001]);

/** Busy, rate-limited or conflicting for a moment: a later try may well succeed. */
const transientCodes: ReadonlySet<number> = new Set([
  -1, // system busy
  45009, // API call frequency / daily quota reached
  45011, // per-minute quota reached
  45033, // Work WeChat: too many concurrent calls
  6000, // Work WeChat: data version conflict
]);

export const isTransientWechatCode = (errcode: number): boolean => transientCodes.has(errcode);

/** Codes whose platform words alone would leave the agent guessing. */
const explained: Record<number, string> = {
  45015: 'The reply window has closed: the customer last wrote more than 48 hours ago (or unfollowed)',
  45047: 'Too many messages since the customer last wrote: wait for the customer to write again',
  95001: 'Too many messages since the customer last wrote: wait for the customer to write again',
  95018:
    "The WeChat customer-service session is not in the API's hands (queued for or taken by a Work WeChat servicer, or ended)",
  40164: "This server's IP address is not on the account's IP allow-list",
  60020: "This server's IP address is not on the application's trusted IP list",
  48001: 'The account has no permission for this API',
  81013: "The member does not exist or is outside the app's visible range",
  43004: 'The user has not followed the official account',
};

/**
 * An OutsideError of kind `platform` for a non-zero errcode. A refused token that is still
 * refused after a fresh fetch is retryable: the next try fetches again.
 */
export const toWechatError = (errcode: number, errmsg: string, status: number | null): OutsideError => {
  const words = errmsg || `errcode ${errcode}`;
  const message = explained[errcode] ? `${explained[errcode]} (${words})` : words;
  const isRetryable = transientCodes.has(errcode) || tokenRefusedCodes.has(errcode);
  return new OutsideError('platform', message, status, isRetryable, String(errcode));
};

/** The token endpoint's own refusals (wrong AppID, secret or CorpID) need the admin, not a retry. */
export const toWechatTokenError = (errcode: number, errmsg: string, status: number | null): OutsideError =>
  transientCodes.has(errcode)
    ? toWechatError(errcode, errmsg, status)
    : new OutsideError(
        'platform',
        `The platform refused the credentials: ${errmsg || `errcode ${errcode}`}`,
        status,
        false,
        String(errcode),
      );
