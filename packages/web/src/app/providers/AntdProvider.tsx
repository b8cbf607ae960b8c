import { useEffect, type ReactNode } from 'react';
import { App, ConfigProvider, theme as antdTheme } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { setNotifier, type Notifier } from '../../shared/feedback/notify';
import { useLanguage } from '../../shared/i18n';
import { useSettings } from '../settings/useSettings';
import '../i18nApp';

type NotificationApi = ReturnType<typeof App.useApp>['notification'];

export const createAntdNotifier = (notification: NotificationApi): Notifier => {
  const show =
    (kind: keyof Notifier): Notifier[keyof Notifier] =>
    ({ title, description, duration }) =>
      notification[kind]({ title, description: description !== title ? description : undefined, duration });
  return { success: show('success'), error: show('error'), info: show('info'), warning: show('warning') };
};

/** Routes the shared `notify` (HTTP errors, copy results, guard notices) to antd's notification. */
const NotifierBridge = () => {
  const { notification } = App.useApp();
  useEffect(() => {
    setNotifier(createAntdNotifier(notification));
  }, [notification]);
  return null;
};

/** Spec §3 colour-weak mode: the whole page through an inverting filter, as the original console did. */
const ColorWeakEffect = ({ isOn }: { isOn: boolean }) => {
  useEffect(() => {
    document.documentElement.classList.toggle('ok-color-weak', isOn);
    document.documentElement.style.filter = isOn ? 'invert(80%)' : '';
  }, [isOn]);
  return null;
};

/**
 * antd's ConfigProvider with the current language (STACK gotchas 3/4: `antd/es/locale/*`, and
 * ProComponents take their texts from it) and the chosen primary colour.
 */
export const AntdProvider = ({ children }: { children: ReactNode }) => {
  const language = useLanguage();
  const settings = useSettings();
  return (
    <ConfigProvider
      locale={language === 'zh-CN' ? zhCN : enUS}
      theme={{
        algorithm: antdTheme.defaultAlgorithm,
        token: { colorPrimary: settings.primaryColor, colorLink: settings.primaryColor },
      }}
    >
      <App className="ok-app">
        <NotifierBridge />
        <ColorWeakEffect isOn={settings.colorWeak} />
        {children}
      </App>
    </ConfigProvider>
  );
};
