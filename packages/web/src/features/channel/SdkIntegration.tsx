import './i18n';
import { useState } from 'react';
import { Alert, Card, Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChannelAccount, ChannelType } from '@openkefu/contract';
import { useProfile } from '../../shared/auth/profileStore';
import { useLanguage } from '../../shared/i18n';
import { CodeBlock, CopyField } from './CopyField';
import { CHANNEL_NS } from './i18n';
import {
  chatPageOf,
  flutterRestSnippet,
  flutterWebViewSnippet,
  installSnippet,
  reactNativeSnippet,
  uniappSnippet,
  uniappWebViewSnippet,
  webSdkSnippet,
  type SnippetContext,
} from './snippets';

type Block = { label: string; code: string };

/** The code blocks of each SDK channel (docs/sdk.md). */
const blocksOf = (type: ChannelType, context: SnippetContext, t: (key: string) => string): Block[] => {
  const install = { label: t('sdk.install'), code: installSnippet };
  switch (type) {
    case 'app':
      return [
        install,
        { label: `${t('sdk.create')} · ${t('sdk.reactNative')}`, code: reactNativeSnippet(context) },
      ];
    case 'uniapp':
      return [
        install,
        { label: `${t('sdk.create')} · ${t('sdk.uniappH5')}`, code: uniappSnippet(context) },
        { label: t('sdk.uniappWebView'), code: uniappWebViewSnippet(context) },
      ];
    case 'flutter':
      return [
        { label: t('sdk.flutterWebView'), code: flutterWebViewSnippet(context) },
        { label: t('sdk.flutterRest'), code: flutterRestSnippet(context) },
      ];
    default:
      return [install, { label: t('sdk.create'), code: webSdkSnippet(context) }];
  }
};

/**
 * An SDK channel's integration: the chosen account's app key and the code that uses it, with the
 * console's own address and the organisation filled in.
 */
export const SdkIntegration = ({
  type,
  accounts,
  title,
}: {
  type: ChannelType;
  accounts: ChannelAccount[];
  title?: string;
}) => {
  const { t } = useTranslation(CHANNEL_NS);
  const profile = useProfile();
  const language = useLanguage();
  const [caid, setCaid] = useState<string>();
  const account = accounts.find((candidate) => candidate.caid === caid) ?? accounts[0] ?? null;
  const context: SnippetContext = {
    origin: window.location.origin,
    subDomain: profile?.subDomain ?? '',
    account,
    language,
  };
  const copy = t('sdk.copy');

  return (
    <Card size="small" title={title ?? t('sdk.title')}>
      {account ? (
        <Form layout="vertical" component="div">
          {accounts.length > 1 && (
            <Form.Item label={t('sdk.account')}>
              <Select
                aria-label={t('sdk.account')}
                value={account.caid}
                onChange={setCaid}
                options={accounts.map((candidate) => ({ value: candidate.caid, label: candidate.name }))}
              />
            </Form.Item>
          )}
          {account.appKey && (
            <Form.Item label={t('sdk.appKey')}>
              <CopyField label={t('sdk.appKey')} value={account.appKey} copyLabel={copy} />
            </Form.Item>
          )}
        </Form>
      ) : (
        <Alert type="info" showIcon title={t('sdk.noAccount')} style={{ marginBottom: 16 }} />
      )}
      {(type === 'flutter' || type === 'uniapp') && (
        <Form layout="vertical" component="div">
          <Form.Item label={t('sdk.chatPage')}>
            <CopyField label={t('sdk.chatPage')} value={chatPageOf(context)} copyLabel={copy} />
          </Form.Item>
        </Form>
      )}
      {blocksOf(type, context, t).map((block) => (
        <div key={block.label}>
          <Typography.Text strong>{block.label}</Typography.Text>
          <CodeBlock label={block.label} code={block.code} copyLabel={copy} />
        </div>
      ))}
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('sdk.docs')}
      </Typography.Paragraph>
    </Card>
  );
};
