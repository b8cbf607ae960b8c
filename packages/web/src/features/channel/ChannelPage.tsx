import './i18n';
import './channel.css';
import { useRef, useState } from 'react';
import { Col, Row, Typography } from 'antd';
import type { ActionType } from '@ant-design/pro-components';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isSdkChannel, type ChannelAccount, type ChannelType } from '@openkefu/contract';
import { reportUnlessHandled } from '../../shared/api/reportError';
import { useListRefresh } from '../../shared/table/useListRefresh';
import { fetchAuthorizationUrl } from './api';
import { AccountFormModal, type SavedAccount } from './AccountFormModal';
import { AccountTable } from './AccountTable';
import { ConnectionDetailsModal } from './ConnectionDetailsModal';
import { CHANNEL_NS } from './i18n';
import { browser } from './navigation';
import { SdkIntegration } from './SdkIntegration';
import { SetupGuide } from './SetupGuide';
import { TrafficCard } from './TrafficCard';
import { WebChannelPanel } from './WebChannelPanel';
import { WechatLinkPanel } from './WechatLinkPanel';

type Editing = { account: ChannelAccount | null } | null;

/**
 * One channel's page (issue 19): its figures and the way to the overview of all channels, its
 * accounts, the setup steps on the platform's side, and for SDK channels the integration code.
 */
export const ChannelPage = ({ type }: { type: ChannelType }) => {
  const { t } = useTranslation(CHANNEL_NS);
  const queryClient = useQueryClient();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [editing, setEditing] = useState<Editing>(null);
  const [details, setDetails] = useState<Omit<SavedAccount, 'isNew'> | null>(null);
  const [accounts, setAccounts] = useState<ChannelAccount[]>([]);
  const refreshOverview = () => void queryClient.invalidateQueries({ queryKey: ['channel', 'overview'] });
  useListRefresh(actionRef, { onRefresh: refreshOverview });

  const authorize = async (account: ChannelAccount) => {
    try {
      browser.assign(await fetchAuthorizationUrl(account.caid));
    } catch (error) {
      reportUnlessHandled(error);
    }
  };

  const saved = ({ account, isNew, chosenSecrets }: SavedAccount) => {
    void actionRef.current?.reload();
    refreshOverview();
    // What the platform needs: after connecting, or when a secret pasted there was changed.
    if (isNew || chosenSecrets.length > 0) setDetails({ account, chosenSecrets });
  };

  const isSdk = isSdkChannel(type);
  return (
    <div className="ok-channel-page">
      <Typography.Paragraph type="secondary">{t(`intro.${type}`)}</Typography.Paragraph>
      <TrafficCard type={type} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xxl={16}>
          <Row gutter={[16, 16]}>
            {type === 'wechat' && (
              <Col xs={24}>
                <WechatLinkPanel />
              </Col>
            )}
            <Col xs={24}>
              <AccountTable
                type={type}
                actionRef={actionRef}
                onAdd={() => setEditing({ account: null })}
                onEdit={(account) => setEditing({ account })}
                onAuthorize={(account) => void authorize(account)}
                onChanged={refreshOverview}
                onLoad={setAccounts}
              />
            </Col>
            {type === 'web' && (
              <Col xs={24}>
                <WebChannelPanel accounts={accounts} />
              </Col>
            )}
            {isSdk && type !== 'web' && (
              <Col xs={24}>
                <SdkIntegration type={type} accounts={accounts} />
              </Col>
            )}
          </Row>
        </Col>
        <Col xs={24} xxl={8}>
          <SetupGuide type={type} />
        </Col>
      </Row>
      <AccountFormModal
        type={type}
        open={editing !== null}
        account={editing?.account ?? null}
        onClose={() => setEditing(null)}
        onSaved={saved}
      />
      <ConnectionDetailsModal
        account={details?.account ?? null}
        chosenSecrets={details?.chosenSecrets ?? []}
        onClose={() => setDetails(null)}
        onAuthorize={(account) => void authorize(account)}
      />
    </div>
  );
};
