import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { UserLayout } from '../components/UserLayout';
import { ResultView } from '../components/ResultView';
import { truncate } from '../../../shared/utils/truncate';
import { channelOfPath, type OAuthChannel } from '../oauthChannels';

/**
 * /antv/user/redirect and its channel variants: where a channel's authorisation comes back
 * (`code`, `state`). Connecting the channel belongs to the channels section; until it exists this
 * page confirms what arrived and leads back to the console.
 */
export const OAuthRedirectPage = ({ channel }: { channel?: OAuthChannel }) => {
  const { t } = useTranslation('user');
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const channelName = t(`oauth.channel.${channel ?? channelOfPath(pathname)}`);
  const code = searchParams.get('code') ?? searchParams.get('auth_code') ?? '';
  const state = searchParams.get('state') ?? '';
  const error = searchParams.get('error_description') ?? searchParams.get('error') ?? '';

  let result;
  if (error) {
    result = <ResultView kind="warning" description={t('oauth.denied', { error: truncate(error, 200) })} />;
  } else if (code) {
    result = (
      <ResultView
        kind="success"
        description={
          <>
            <p>{t('oauth.received', { channel: channelName })}</p>
            <p>{t('oauth.later')}</p>
            {state && <p>{t('oauth.reference', { state: truncate(state, 64) })}</p>}
          </>
        }
      />
    );
  } else {
    result = <ResultView kind="warning" description={t('oauth.missingCode', { channel: channelName })} />;
  }

  return (
    <UserLayout title={t('oauth.title')}>
      {result}
      <div className="ok-result__actions">
        <Link className="ok-button ok-button--primary" to="/dashboard">
          {t('common.goToConsole')}
        </Link>
      </div>
    </UserLayout>
  );
};
