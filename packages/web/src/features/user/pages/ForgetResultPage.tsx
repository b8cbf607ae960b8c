import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserLayout } from '../components/UserLayout';
import { ResultView } from '../components/ResultView';

/** /antv/user/forget-result — the password was reset. */
export const ForgetResultPage = () => {
  const { t } = useTranslation('user');
  return (
    <UserLayout title={t('forgetResult.title')}>
      <ResultView kind="success" description={t('forgetResult.description')}>
        <Link className="ok-button ok-button--primary" to="/antv/user/login">
          {t('forgetResult.login')}
        </Link>
      </ResultView>
    </UserLayout>
  );
};
