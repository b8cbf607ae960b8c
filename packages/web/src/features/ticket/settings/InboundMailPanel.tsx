import { useState } from 'react';
import { Alert, App, Button, Collapse, Descriptions, Skeleton, Space, Typography } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { parseError } from '../../../shared/api/parseError';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { fetchInboundInfo, rotateInboundSecret } from '../shared/api';
import { formatTime } from '../shared/display';
import { TICKET_NS } from '../shared/i18n';

export const inboundInfoKey = ['ticket', 'inbound'] as const;

const PROVIDERS = ['sendgrid', 'mailgun', 'postmark'] as const;

/** The webhook address with the secret as a query parameter (for providers without custom headers). */
const withSecret = (url: string, secret: string) => `${url}?secret=${encodeURIComponent(secret)}`;

/**
 * Email: where inbound mail goes (webhook of the organisation), how reply addresses look, and the
 * secret that authenticates the provider — made or remade here and shown once.
 */
export const InboundMailPanel = () => {
  const { t } = useTranslation(TICKET_NS);
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const info = useQuery({ queryKey: inboundInfoKey, queryFn: fetchInboundInfo, retry: false });
  const [fresh, setFresh] = useState<{ secret: string; url: string } | null>(null);

  const rotate = useMutation({
    mutationFn: rotateInboundSecret,
    onSuccess: (result) => {
      setFresh(result);
      void queryClient.invalidateQueries({ queryKey: inboundInfoKey });
    },
    onError: reportUnlessHandled,
  });

  const copyable = { tooltips: [t('settings.email.copy'), t('settings.email.copied')] };

  if (info.isPending) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (info.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('settings.email.loadFailed')}
        description={parseError(info.error).message}
        action={
          <Button size="small" onClick={() => void info.refetch()}>
            {t('actions.retry')}
          </Button>
        }
      />
    );

  const { url, replyAddress, secretCreatedAt } = info.data;
  const hasSecret = secretCreatedAt !== null;

  const askRotate = () => {
    if (!hasSecret) {
      rotate.mutate();
      return;
    }
    modal.confirm({
      title: t('settings.email.regenerateConfirm'),
      content: t('settings.email.regenerateConfirmContent'),
      okText: t('settings.email.regenerate'),
      okButtonProps: { danger: true },
      cancelText: t('actions.cancel'),
      onOk: () => rotate.mutateAsync().catch(() => undefined),
    });
  };

  const example = [
    `curl -X POST '${url}' \\`,
    `  -H 'x-inbound-secret: ${fresh?.secret ?? '<secret>'}' \\`,
    "  -H 'content-type: application/json' \\",
    `  -d '{"from":"ann@example.com","to":"${replyAddress}","subject":"Re: …","text":"…","html":""}'`,
  ].join('\n');

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Alert type="info" showIcon title={t('settings.email.intro')} />
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('settings.email.webhook')}>
          <Typography.Text code copyable={copyable} data-testid="inbound-url">
            {url}
          </Typography.Text>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
            {t('settings.email.webhookHint')}
          </Typography.Paragraph>
        </Descriptions.Item>
        <Descriptions.Item label={t('settings.email.replyAddress')}>
          <Typography.Text code>{replyAddress}</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
            {t('settings.email.replyAddressHint')}
          </Typography.Paragraph>
        </Descriptions.Item>
        <Descriptions.Item label={t('settings.email.secret')}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text type={hasSecret ? undefined : 'warning'}>
              {hasSecret
                ? t('settings.email.secretSince', { time: formatTime(secretCreatedAt) })
                : t('settings.email.noSecret')}
            </Typography.Text>
            <Button icon={<KeyOutlined />} loading={rotate.isPending} onClick={askRotate}>
              {hasSecret ? t('settings.email.regenerate') : t('settings.email.generate')}
            </Button>
          </Space>
        </Descriptions.Item>
      </Descriptions>
      {fresh && (
        <Alert
          type="success"
          showIcon
          title={t('settings.email.shownOnce')}
          description={
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('settings.email.newSecret')}>
                <Typography.Text code copyable={copyable} data-testid="inbound-secret">
                  {fresh.secret}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('settings.email.urlWithSecret')}>
                <Typography.Text code copyable={copyable} style={{ wordBreak: 'break-all' }}>
                  {withSecret(fresh.url, fresh.secret)}
                </Typography.Text>
              </Descriptions.Item>
            </Descriptions>
          }
        />
      )}
      <div>
        <Typography.Title level={5}>{t('settings.email.howTo')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('settings.email.howToIntro')}</Typography.Paragraph>
        <Collapse
          size="small"
          items={[
            ...PROVIDERS.map((provider) => ({
              key: provider,
              label: t(`settings.email.providers.${provider}.title`),
              children: (
                <Typography.Paragraph>{t(`settings.email.providers.${provider}.body`)}</Typography.Paragraph>
              ),
            })),
            {
              key: 'own',
              label: t('settings.email.providers.own.title'),
              children: (
                <>
                  <Typography.Paragraph>{t('settings.email.providers.own.body')}</Typography.Paragraph>
                  <pre className="ok-ticket-settings__code">{example}</pre>
                </>
              ),
            },
          ]}
        />
      </div>
    </Space>
  );
};
