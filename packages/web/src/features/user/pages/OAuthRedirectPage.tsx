import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import type { ChannelAccount } from '@openkefu/contract';
import { isHttpError } from '../../../shared/api/HttpError';
import { parseError } from '../../../shared/api/parseError';
import { clearToken, getToken } from '../../../shared/auth/token';
import { truncate } from '../../../shared/utils/truncate';
import { channelPathOf } from '../../channel/paths';
import { UserLayout } from '../components/UserLayout';
import { ResultView } from '../components/ResultView';
import { channelOfPath, channelTypeOf, type OAuthChannel } from '../oauthChannels';
import { completeChannelGrant } from '../channelGrant';

type Outcome =
  | { kind: 'completing' }
  | { kind: 'connected'; account: ChannelAccount }
  | { kind: 'failed'; error: string }
  | { kind: 'signedOut' };

const LOGIN_PATH = '/antv/user/login';

/** Completes the grant once per query string; `null` search: nothing to complete. */
const useChannelGrant = (search: string | null): Outcome => {
  const [outcome, setOutcome] = useState<{ search: string | null; value: Outcome }>({
    search,
    value: { kind: 'completing' },
  });
  useEffect(() => {
    if (search === null) return;
    let isCurrent = true;
    completeChannelGrant(search).then(
      (account) => {
        if (isCurrent) setOutcome({ search, value: { kind: 'connected', account } });
      },
      (error: unknown) => {
        if (!isCurrent) return;
        // The session ended since the grant began: sign in again, then come back here.
        if (isHttpError(error) && error.status === 401) {
          clearToken();
          setOutcome({ search, value: { kind: 'signedOut' } });
        } else setOutcome({ search, value: { kind: 'failed', error: parseError(error).message } });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [search]);
  return outcome.search === search ? outcome.value : { kind: 'completing' };
};

/**
 * /antv/user/redirect and its channel variants: where a marketplace sends the browser back after
 * a shop's grant (`code`, `shop_id`, `state`…). Signed in, the page hands every parameter to the
 * server, which completes the grant for the account named in `state`; signed out, it goes to the
 * sign-in page first and comes back here. Plain HTML like the other user pages (no antd).
 */
export const OAuthRedirectPage = ({ channel }: { channel?: OAuthChannel }) => {
  const { t } = useTranslation('user');
  const { pathname, search } = useLocation();
  const [searchParams] = useSearchParams();
  const oauthChannel = channel ?? channelOfPath(pathname);
  const channelName = t(`oauth.channel.${oauthChannel}`);
  const code = searchParams.get('code') ?? searchParams.get('auth_code') ?? '';
  const refusal = searchParams.get('error_description') ?? searchParams.get('error') ?? '';
  const isSignedIn = getToken() !== null;
  const outcome = useChannelGrant(code && !refusal && isSignedIn ? search : null);

  if (code && !refusal && (!isSignedIn || outcome.kind === 'signedOut'))
    return <Navigate replace to={`${LOGIN_PATH}?redirect=${encodeURIComponent(`${pathname}${search}`)}`} />;

  let result;
  let channelLink: string | null = null;
  if (refusal) {
    result = <ResultView kind="warning" description={t('oauth.denied', { error: truncate(refusal, 200) })} />;
  } else if (!code) {
    result = <ResultView kind="warning" description={t('oauth.missingCode', { channel: channelName })} />;
  } else if (outcome.kind === 'connected') {
    const { account } = outcome;
    channelLink = channelPathOf(account.type);
    result = (
      <ResultView
        kind="success"
        description={
          <>
            <p>{t('oauth.connected', { name: account.name, channel: channelName })}</p>
            {account.config.shopId && <p>{t('oauth.shop', { id: account.config.shopId })}</p>}
          </>
        }
      />
    );
  } else if (outcome.kind === 'failed') {
    channelLink = channelPathOf(channelTypeOf(oauthChannel));
    result = (
      <ResultView
        kind="warning"
        description={
          <>
            <p>{t('oauth.failed', { channel: channelName, error: truncate(outcome.error, 300) })}</p>
            <p>{t('oauth.retry')}</p>
          </>
        }
      />
    );
  } else {
    result = (
      <ResultView
        kind="info"
        description={<p role="status">{t('oauth.completing', { channel: channelName })}</p>}
      />
    );
  }

  return (
    <UserLayout title={t('oauth.title')}>
      {result}
      <div className="ok-result__actions">
        {channelLink && (
          <Link className="ok-button ok-button--primary" to={channelLink}>
            {t('oauth.openChannel', { channel: channelName })}
          </Link>
        )}
        <Link className={channelLink ? 'ok-button' : 'ok-button ok-button--primary'} to="/dashboard">
          {t('common.goToConsole')}
        </Link>
      </div>
    </UserLayout>
  );
};
