import './i18n';
import { Alert, Button, Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isAuthorizedAccount, isSdkChannel, usesPlatformApp, type ChannelAccount } from '@openkefu/contract';
import { CopyField } from './CopyField';
import { CHANNEL_NS } from './i18n';
import { authorizationRedirectOf } from './paths';
import { canAuthorize, hasWebhook } from './platforms';

export type ConnectionDetailsModalProps = {
  account: ChannelAccount | null;
  /** The secrets chosen in the form just saved (never returned by the server afterwards). */
  chosenSecrets: { key: string; value: string }[];
  onClose: () => void;
  onAuthorize: (account: ChannelAccount) => void;
};

/**
 * After connecting (or changing a chosen secret): everything the admin must give the platform —
 * the webhook URL, the app key, the Token and EncodingAESKey or verify token they chose.
 */
export const ConnectionDetailsModal = ({
  account,
  chosenSecrets,
  onClose,
  onAuthorize,
}: ConnectionDetailsModalProps) => {
  const { t } = useTranslation(CHANNEL_NS);
  const copy = t('details.copy');
  // On the platform's app the platform's addresses are set up by its staff: only the shop's grant is left.
  const isOnPlatformApp = account ? usesPlatformApp(account.type, account.config) : false;
  return (
    <Modal
      open={account !== null}
      title={account ? t('details.title', { name: account.name }) : ''}
      onCancel={onClose}
      footer={[
        account && isAuthorizedAccount(account.type, account.config) ? (
          <Button key="authorize" onClick={() => onAuthorize(account)}>
            {t(canAuthorize(account.type) ? 'actions.authorize' : 'actions.authorizeAccount')}
          </Button>
        ) : null,
        <Button key="close" type="primary" onClick={onClose}>
          {t('details.close')}
        </Button>,
      ]}
      destroyOnHidden
      width={600}
    >
      {account && (
        <Form layout="vertical" component="div">
          {isOnPlatformApp ? (
            <Alert
              type="info"
              showIcon
              title={t('details.platformApp', { channel: t(`names.${account.type}`) })}
              style={{ marginBottom: 16 }}
            />
          ) : (
            <Typography.Paragraph type="secondary">{t('details.intro')}</Typography.Paragraph>
          )}
          {!isOnPlatformApp && hasWebhook(account.type) && account.webhookUrl && (
            <Form.Item label={t('details.webhook')}>
              <CopyField label={t('details.webhook')} value={account.webhookUrl} copyLabel={copy} />
            </Form.Item>
          )}
          {isSdkChannel(account.type) && account.appKey && (
            <Form.Item label={t('details.appKey')}>
              <CopyField label={t('details.appKey')} value={account.appKey} copyLabel={copy} />
            </Form.Item>
          )}
          {!isOnPlatformApp && canAuthorize(account.type) && (
            <Form.Item label={t('details.redirect')} extra={t('details.authorizeHint')}>
              <CopyField
                label={t('details.redirect')}
                value={authorizationRedirectOf(window.location.origin, account.type)}
                copyLabel={copy}
              />
            </Form.Item>
          )}
          {chosenSecrets.length > 0 && (
            <>
              <Typography.Title level={5}>{t('details.secrets')}</Typography.Title>
              {chosenSecrets.map(({ key, value }) => (
                <Form.Item key={key} label={t(`field.${key}`, { defaultValue: key })}>
                  <CopyField
                    label={t(`field.${key}`, { defaultValue: key })}
                    value={value}
                    copyLabel={copy}
                  />
                </Form.Item>
              ))}
            </>
          )}
        </Form>
      )}
    </Modal>
  );
};
