import { Button } from 'antd';
import { RedoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { WORKBENCH_NS } from '../i18n';

/**
 * "Try again" beside a failed channel delivery (the platform was down for longer than the retries
 * lasted, or the customer wrote again and reopened the window). Busy from the click until the server
 * pushes the new attempt, when the failure and this button go away, so one failure is not queued twice.
 */
export const RedeliverButton = ({ isBusy, onClick }: { isBusy: boolean; onClick: () => void }) => {
  const { t } = useTranslation(WORKBENCH_NS);
  return (
    <Button
      type="link"
      size="small"
      icon={<RedoOutlined />}
      className="ok-wb-delivery__redeliver"
      loading={isBusy}
      disabled={isBusy}
      onClick={onClick}
    >
      {t('delivery.redeliver')}
    </Button>
  );
};
