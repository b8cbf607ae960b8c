import '../shared/i18n';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../shared/components/Authorized/useCan';
import { fetchResultPage } from '../shared/api';
import { QUALITY_NS } from '../shared/i18n';
import { InspectionTable, STATUS_VALUES } from '../shared/InspectionTable';

/**
 * Quality → results (`/stable/quality/result`, debug-only): scored conversations. Checkers and
 * admins see all and decide appeals; an agent sees only their own, reads the comments and appeals
 * once (the server enforces both).
 */
export const QualityResultPage = () => {
  const { t } = useTranslation(QUALITY_NS);
  const seesAll = useCan()('quality.list.query');
  return (
    <InspectionTable
      title={t('result.title')}
      emptyText={seesAll ? t('result.empty') : t('result.mineEmpty')}
      mode="result"
      fetchPage={fetchResultPage}
      statuses={STATUS_VALUES.filter((status) => status !== 'pending')}
      showFilters={seesAll}
    />
  );
};
