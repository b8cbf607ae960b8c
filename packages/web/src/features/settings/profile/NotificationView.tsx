import { useEffect, useState } from 'react';
import { Alert, App, Button, List, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  readAgentNotificationPrefs,
  readDesktopPermission,
  writeAgentNotificationPrefs,
  type AgentNotificationPrefs,
  type DesktopPermission,
} from '../notificationPrefs';
import { SETTINGS_NS } from '../i18n';
import {
  disablePushOnDevice,
  enablePushOnDevice,
  readPushDeviceState,
  type PushDeviceState,
} from '../../../shared/push/pushDevice';

const permissionColor: Record<DesktopPermission, string> = {
  granted: 'green',
  denied: 'red',
  default: 'orange',
  unsupported: 'default',
};

const preferenceSwitches: { pref: keyof AgentNotificationPrefs; label: string; description: string }[] = [
  {
    pref: 'soundOnNewThread',
    label: 'notification.soundNewThread',
    description: 'notification.soundNewThreadDescription',
  },
  {
    pref: 'soundOnNewMessage',
    label: 'notification.soundNewMessage',
    description: 'notification.soundNewMessageDescription',
  },
  {
    pref: 'desktopOnTicketNotice',
    label: 'notification.ticketNotice',
    description: 'notification.ticketNoticeDescription',
  },
];

/**
 * Account settings → notifications: the browser's permission for desktop notifications and the
 * alert sounds, both used by the agent workbench.
 */
export const NotificationView = () => {
  const { t } = useTranslation(SETTINGS_NS);
  const { message } = App.useApp();
  const [permission, setPermission] = useState<DesktopPermission>(readDesktopPermission);
  const [isAsking, setAsking] = useState(false);
  const [prefs, setPrefs] = useState<AgentNotificationPrefs>(readAgentNotificationPrefs);
  const [pushState, setPushState] = useState<PushDeviceState | null>(null);
  const [isPushBusy, setPushBusy] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    void readPushDeviceState()
      .catch((): PushDeviceState => 'off')
      .then((state) => {
        if (isCurrent) setPushState(state);
      });
    return () => {
      isCurrent = false;
    };
  }, []);

  const setPushOnDevice = async (on: boolean) => {
    setPushBusy(true);
    try {
      const state = on ? await enablePushOnDevice() : await disablePushOnDevice();
      setPushState(state);
      setPermission(readDesktopPermission());
      if (on && state === 'on') void message.success(t('notification.pushOn'));
      else if (on) void message.warning(t('notification.deniedMessage'));
      else void message.success(t('notification.pushOff'));
    } catch {
      void message.error(t('notification.pushFailed'));
    } finally {
      setPushBusy(false);
    }
  };

  const askPermission = async () => {
    if (permission === 'unsupported') return;
    setAsking(true);
    try {
      const answer = await window.Notification.requestPermission();
      setPermission(answer);
      if (answer === 'granted') void message.success(t('notification.grantedMessage'));
      else void message.warning(t('notification.deniedMessage'));
    } finally {
      setAsking(false);
    }
  };

  const setPref = (pref: keyof AgentNotificationPrefs, on: boolean) => {
    const next = { ...prefs, [pref]: on };
    writeAgentNotificationPrefs(next);
    setPrefs(next);
    void message.success(t('notification.savedLocally'));
  };

  return (
    <>
      <Alert type="info" showIcon title={t('notification.intro')} style={{ marginBottom: 16 }} />
      <List itemLayout="horizontal">
        <List.Item
          data-item="desktop"
          actions={[
            <Tag key="status" color={permissionColor[permission]} data-testid="desktop-permission">
              {t(`notification.permission.${permission}`)}
            </Tag>,
            ...(permission === 'default'
              ? [
                  <Button key="ask" type="primary" loading={isAsking} onClick={() => void askPermission()}>
                    {t('notification.request')}
                  </Button>,
                ]
              : []),
          ]}
        >
          <List.Item.Meta
            title={t('notification.desktop')}
            description={
              <>
                {t('notification.desktopDescription')}
                {permission === 'denied' && (
                  <Typography.Paragraph type="danger" style={{ marginBottom: 0 }}>
                    {t('notification.deniedHelp')}
                  </Typography.Paragraph>
                )}
              </>
            }
          />
        </List.Item>
        <List.Item
          data-item="push"
          actions={[
            <Switch
              key="switch"
              aria-label={t('notification.push')}
              checked={pushState === 'on'}
              loading={isPushBusy || pushState === null}
              disabled={pushState === 'unsupported' || pushState === 'denied'}
              onChange={(on) => void setPushOnDevice(on)}
            />,
          ]}
        >
          <List.Item.Meta
            title={t('notification.push')}
            description={
              <>
                {t('notification.pushDescription')}
                {pushState === 'unsupported' && (
                  <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                    {t('notification.pushUnsupported')}
                  </Typography.Paragraph>
                )}
              </>
            }
          />
        </List.Item>
        {preferenceSwitches.map(({ pref, label, description }) => (
          <List.Item
            key={pref}
            data-item={pref}
            actions={[
              <Switch
                key="switch"
                aria-label={t(label)}
                checked={prefs[pref]}
                onChange={(on) => setPref(pref, on)}
              />,
            ]}
          >
            <List.Item.Meta title={t(label)} description={t(description)} />
          </List.Item>
        ))}
      </List>
    </>
  );
};
