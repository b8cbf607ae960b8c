import { useTranslation } from 'react-i18next';
import type { ParsedError } from '../../../shared/api/parseError';
import { formatDayTime } from '../../../shared/utils/dayTime';
import { FormAlert } from './Form';

/** The server's error above a form (wrong password, disabled account, too many attempts + when to retry). */
export const ServerErrorAlert = ({ error }: { error: ParsedError | null }) => {
  const { t } = useTranslation('shared');
  if (!error) return null;
  return (
    <FormAlert kind="error">
      <p>{error.message}</p>
      {error.retryAfter !== undefined && error.retryAfter > 0 && (
        <p>{t('http.retryAfter', { time: formatDayTime(error.retryAfter) })}</p>
      )}
    </FormAlert>
  );
};
