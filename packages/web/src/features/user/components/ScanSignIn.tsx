import type { PublicConfig } from '@openkefu/contract';
import { useTranslation } from 'react-i18next';
import { apiBaseUrl } from '../../../shared/config/env';

const pathOf = { wechat: 'wechat', wechatWork: 'wechat-work' } as const;

/** The scan sign-in address of a provider: a full-page visit to the server, which sends the browser on to the QR page. */
export const scanSignInUrl = (provider: 'wechat' | 'wechatWork', redirect: string) =>
  `${apiBaseUrl}/oauth/${pathOf[provider]}/authorize?redirect=${encodeURIComponent(redirect)}`;

/**
 * "Sign in with WeChat / WeCom" under the login form, for the providers the server has configured
 * (public config `scanLogin`); nothing when none is.
 */
export const ScanSignIn = ({
  config,
  redirect,
}: {
  config: PublicConfig | null | undefined;
  redirect: string;
}) => {
  const { t } = useTranslation('user');
  const providers = config?.scanLogin ?? [];
  if (providers.length === 0) return null;
  return (
    <div className="ok-user__scan" role="group" aria-label={t('login.scanLabel')}>
      {providers.map((provider) => (
        <a key={provider} className="ok-button" href={scanSignInUrl(provider, redirect)}>
          {t(provider === 'wechat' ? 'bind.titleWechat' : 'bind.titleWechatWork')}
        </a>
      ))}
    </div>
  );
};
