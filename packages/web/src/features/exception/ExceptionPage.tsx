import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../shared/routing/resolvePath';

export type ExceptionCode = '403' | '404' | '500';

/** Spec §2 error screens: 403 no permission, 404 missing or still in development, 500 server error. */
export const ExceptionPage = ({ code }: { code: ExceptionCode }) => {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  return (
    <Result
      className="ok-exception"
      status={code}
      title={code}
      subTitle={t(`exception.${code}`)}
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          {t('exception.backHome')}
        </Button>
      }
    />
  );
};
