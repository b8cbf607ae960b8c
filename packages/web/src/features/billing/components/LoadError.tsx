import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseError } from '../../../shared/api/parseError';
import { BILLING_NS } from '../i18n';

/** A failed load, saying what went wrong, with a retry. */
export const LoadError = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => {
  const { t } = useTranslation(BILLING_NS);
  return (
    <Result
      status="error"
      title={t('common.loadFailed', { message: parseError(error).message })}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
};
