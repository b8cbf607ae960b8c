import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserLayout } from '../components/UserLayout';
import { ResultView } from '../components/ResultView';
import { usePublicConfig } from '../hooks/usePublicConfig';

/** /antv/user/forget-bind — why a reset needs a bound email or mobile, and who can help instead. */
export const ForgetBindPage = () => {
  const { t } = useTranslation('user');
  const { config } = usePublicConfig();
  const supportUrl = config?.links.support ?? '';
  return (
    <UserLayout title={t('forgetBind.title')}>
      <ResultView
        kind="info"
        description={
          <>
            <p>{t('forgetBind.description')}</p>
            <p>{t('forgetBind.hint')}</p>
          </>
        }
      >
        {supportUrl && (
          <a className="ok-button" href={supportUrl} target="_blank" rel="noopener noreferrer">
            {t('forgetBind.contactSupport')}
          </a>
        )}
        <Link className="ok-button ok-button--primary" to="/antv/user/login">
          {t('common.backToLogin')}
        </Link>
      </ResultView>
    </UserLayout>
  );
};
