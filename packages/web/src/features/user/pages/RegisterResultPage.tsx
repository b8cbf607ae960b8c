import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { UserLayout } from '../components/UserLayout';
import { ResultView } from '../components/ResultView';

/** /antv/user/register-result?username=… — the account exists; sign in next. */
export const RegisterResultPage = () => {
  const { t } = useTranslation('user');
  const [searchParams] = useSearchParams();
  const username = searchParams.get('username')?.trim().slice(0, 64) ?? '';
  const loginTo = username ? `/antv/user/login?username=${encodeURIComponent(username)}` : '/antv/user/login';
  return (
    <UserLayout title={t('registerResult.title')}>
      <ResultView
        kind="success"
        description={
          username ? t('registerResult.description', { username }) : t('registerResult.descriptionNoName')
        }
      >
        <Link className="ok-button ok-button--primary" to={loginTo}>
          {t('registerResult.login')}
        </Link>
      </ResultView>
    </UserLayout>
  );
};
