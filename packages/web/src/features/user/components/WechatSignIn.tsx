import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isHttpError } from '../../../shared/api/HttpError';
import { parseError } from '../../../shared/api/parseError';
import { loginWithWechat, loginWithWechatWork } from '../../../shared/auth/session';
import { UserLayout } from './UserLayout';
import { ResultView } from './ResultView';
import { usePublicConfig } from '../hooks/usePublicConfig';
import { safeRedirect } from '../redirect';
import { scanSignInUrl } from './ScanSignIn';
import '../i18n';

export type WechatProvider = 'wechat' | 'wechatWork';

type Outcome = { kind: 'pending' } | { kind: 'notBound' } | { kind: 'failed'; message: string };

const BackToLogin = () => {
  const { t } = useTranslation('user');
  return (
    <Link className="ok-button ok-button--primary" to="/antv/user/login">
      {t('common.backToLogin')}
    </Link>
  );
};

/**
 * The landing page of a WeChat / WeCom scan sign-in (spec §2: /oauth/wechat/callback → bind-wechat).
 * With `features.wechatScanLogin` off (the default, spec §1) it says so; otherwise it exchanges the
 * `unionid` / `userid` the server's callback put in the query for a token (spec §7 wechat grants).
 */
export const WechatSignIn = ({ provider }: { provider: WechatProvider }) => {
  const { t } = useTranslation('user');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { config, isLoading } = usePublicConfig();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'pending' });
  const hasStarted = useRef(false);

  const providerName = t(provider === 'wechat' ? 'bind.wechat' : 'bind.wechatWork');
  const title = t(provider === 'wechat' ? 'bind.titleWechat' : 'bind.titleWechatWork');
  const isEnabled = config?.features.wechatScanLogin === true;
  const identity = searchParams.get(provider === 'wechat' ? 'unionid' : 'userid')?.trim() ?? '';
  const redirectTo = safeRedirect(searchParams.get('redirect'));
  // Our callback's verdict when it could not vouch for the scan (the link expired, the platform refused).
  const callbackError = searchParams.get('error');

  useEffect(() => {
    if (!isEnabled || identity === '' || callbackError || hasStarted.current) return;
    hasStarted.current = true;
    const signIn = provider === 'wechat' ? loginWithWechat : loginWithWechatWork;
    signIn(identity).then(
      () => navigate(redirectTo, { replace: true }),
      (error: unknown) => {
        if (isHttpError(error) && error.code === 'invalid_grant') setOutcome({ kind: 'notBound' });
        else setOutcome({ kind: 'failed', message: parseError(error).message });
      },
    );
  }, [isEnabled, identity, callbackError, provider, navigate, redirectTo]);

  let body;
  if (isLoading) {
    body = <p className="ok-user__intro">{t('common.loading')}</p>;
  } else if (!isEnabled) {
    body = (
      <ResultView
        kind="warning"
        description={
          <>
            <p>{t('bind.notEnabled')}</p>
            <p>{t('bind.notEnabledHint')}</p>
          </>
        }
      >
        <BackToLogin />
      </ResultView>
    );
  } else if (callbackError === 'expired' || callbackError === 'platform') {
    body = (
      <ResultView
        kind="warning"
        description={
          callbackError === 'expired'
            ? t('bind.expired')
            : t('bind.platformFailed', { provider: providerName })
        }
      >
        <a className="ok-button ok-button--primary" href={scanSignInUrl(provider, redirectTo)}>
          {t('bind.scanAgain')}
        </a>
        <BackToLogin />
      </ResultView>
    );
  } else if (identity === '') {
    body = (
      <ResultView kind="warning" description={t('bind.missing', { provider: providerName })}>
        <BackToLogin />
      </ResultView>
    );
  } else if (outcome.kind === 'pending') {
    body = (
      <p className="ok-user__intro" role="status">
        {t('bind.signingIn')}
      </p>
    );
  } else {
    body = (
      <ResultView
        kind={outcome.kind === 'notBound' ? 'info' : 'warning'}
        description={
          outcome.kind === 'notBound'
            ? t('bind.notBound', { provider: providerName })
            : t('bind.failed', { provider: providerName, message: outcome.message })
        }
      >
        <BackToLogin />
      </ResultView>
    );
  }

  return <UserLayout title={title}>{body}</UserLayout>;
};
