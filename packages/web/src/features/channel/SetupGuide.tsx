import './i18n';
import { Card, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChannelType } from '@openkefu/contract';
import { CopyField } from './CopyField';
import { CHANNEL_NS } from './i18n';
import { authorizationRedirectOf } from './paths';
import { canAuthorize } from './platforms';

/** The platform's side of the connection, step by step (where to paste what, which events to enable). */
export const SetupGuide = ({ type }: { type: ChannelType }) => {
  const { t } = useTranslation(CHANNEL_NS);
  const steps = t(`guide.steps.${type}`, { returnObjects: true, defaultValue: [] }) as string[];
  return (
    <Card size="small" title={t('guide.title', { channel: t(`names.${type}`) })} className="ok-channel-guide">
      <ol>
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      {canAuthorize(type) && (
        <Form layout="vertical" component="div" style={{ marginTop: 16 }}>
          <Form.Item label={t('guide.redirect')} style={{ marginBottom: 0 }}>
            <CopyField
              label={t('guide.redirect')}
              value={authorizationRedirectOf(window.location.origin, type)}
              copyLabel={t('details.copy')}
            />
          </Form.Item>
        </Form>
      )}
    </Card>
  );
};
