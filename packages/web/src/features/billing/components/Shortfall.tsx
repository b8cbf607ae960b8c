import { Alert, Button, Modal } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BILLING_NS } from '../i18n';
import { useMoney } from '../shared/useMoney';

export const RECHARGE_PATH = '/stable/settings/recharge';

export type ShortfallInfo = { balanceCents: number; neededCents: number; what: string };

/**
 * "The balance is short": how much is missing for the payment, and the way to the recharge page.
 * Shown before a payment the balance cannot cover, and when the server refuses one for that reason.
 */
export const ShortfallModal = ({ info, onClose }: { info: ShortfallInfo; onClose: () => void }) => {
  const { t } = useTranslation(BILLING_NS);
  const money = useMoney();
  const navigate = useNavigate();
  const shortfall = Math.max(info.neededCents - info.balanceCents, 0);
  return (
    <Modal
      open
      title={t('shortfall.title')}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="recharge"
          type="primary"
          onClick={() => {
            onClose();
            navigate(RECHARGE_PATH);
          }}
        >
          {t('shortfall.recharge')}
        </Button>,
      ]}
    >
      <Alert
        type="warning"
        showIcon
        title={t('shortfall.message', {
          what: info.what,
          needed: money(info.neededCents),
          balance: money(info.balanceCents),
          shortfall: money(shortfall),
        })}
      />
    </Modal>
  );
};
