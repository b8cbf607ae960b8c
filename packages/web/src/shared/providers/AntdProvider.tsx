import { useEffect, useMemo, type ReactNode } from 'react';
import { App, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { setNotifier, type Notifier } from '../feedback/notify';
import { useLanguage } from '../i18n';
import { useSettings } from '../settings/useSettings';
import { buildThemeConfig } from './theme';
import { TableScrollAccess } from './TableScrollAccess';
import '../i18n/appBundle';

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
 * ProComponents take their texts from it), the chosen primary colour and the contrast overrides
 * of theme.ts; table scroll areas made reachable by keyboard.
 */
export const AntdProvider = ({ children }: { children: ReactNode }) => {
  const language = useLanguage();
  const settings = useSettings();
  const theme = useMemo(() => buildThemeConfig(settings.primaryColor), [settings.primaryColor]);
  return (
    <ConfigProvider locale={language === 'zh-CN' ? zhCN : enUS} theme={theme}>
      <App className="ok-app">
        <NotifierBridge />
        <ColorWeakEffect isOn={settings.colorWeak} />
        <TableScrollAccess />
        {children}
      </App>
    </ConfigProvider>
  );
};
