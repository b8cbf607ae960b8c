import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserLayout } from '../components/UserLayout';
import { ResultView } from '../components/ResultView';
import { usePublicConfig } from '../hooks/usePublicConfig';

/** /antv/user/bind — what linking a scan sign-in means, or that it is switched off on this server. */
export const BindPage = () => {
  const { t } = useTranslation('user');
  const { config, isLoading } = usePublicConfig();
  const isEnabled = config?.features.wechatScanLogin === true;
  return (
    <UserLayout title={t('bind.title')}>
      {isLoading ? (
        <p className="ok-user__intro">{t('common.loading')}</p>
      ) : (
        <ResultView
          kind={isEnabled ? 'info' : 'warning'}
          description={
            isEnabled ? (
              <p>{t('bind.description')}</p>
            ) : (
              <>
                <p>{t('bind.notEnabled')}</p>
                <p>{t('bind.notEnabledHint')}</p>
              </>
            )
          }
        >
          <Link className="ok-button ok-button--primary" to="/antv/user/login">
            {t('common.backToLogin')}
          </Link>
        </ResultView>
      )}
    </UserLayout>
  );
};
