import './i18n';
import { useState } from 'react';
import { Button, Card, Col, Row, Typography } from 'antd';
import { CodeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChannelAccount } from '@openkefu/contract';
import { EmbedCodeDrawer } from '../embed-code/EmbedCodeDrawer';
import { CHANNEL_NS } from './i18n';
import { SdkIntegration } from './SdkIntegration';

/** Website H5: the header's embed-code drawer for ordinary pages, the SDK for single-page apps. */
export const WebChannelPanel = ({ accounts }: { accounts: ChannelAccount[] }) => {
  const { t } = useTranslation(CHANNEL_NS);
  const [isEmbedOpen, setEmbedOpen] = useState(false);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24}>
        <Card size="small" title={t('web.embed')}>
          <Typography.Paragraph type="secondary">{t('web.embedHint')}</Typography.Paragraph>
          <Button type="primary" icon={<CodeOutlined />} onClick={() => setEmbedOpen(true)}>
            {t('web.openEmbed')}
          </Button>
        </Card>
      </Col>
      <Col xs={24}>
        <SdkIntegration type="web" accounts={accounts} title={t('web.spa')} />
      </Col>
      <EmbedCodeDrawer isOpen={isEmbedOpen} onClose={() => setEmbedOpen(false)} />
    </Row>
  );
};
