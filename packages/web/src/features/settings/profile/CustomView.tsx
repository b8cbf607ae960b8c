import { useState } from 'react';
import { List, Skeleton, Switch, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UserSettingKey, UserSettings } from '@openkefu/contract';
import { isHttpError } from '../../../shared/api/http';
import { parseError } from '../../../shared/api/parseError';
import { notify } from '../../../shared/feedback/notify';
import { fetchUserSettings, toggleUserSetting, USER_SETTINGS_QUERY_KEY } from '../api';
import { SETTINGS_NS } from '../i18n';
import { LoadError } from '../components/LoadError';

/** The spec's six per-user switches: the toggle call's key → the field of UserSettings. */
export const settingSwitches: { key: UserSettingKey; field: keyof UserSettings }[] = [
  { key: 'preview', field: 'preview' },
  { key: 'connected', field: 'connected' },
  { key: 'disconnected', field: 'disconnected' },
  { key: 'historymessages', field: 'historyMessages' },
  { key: 'wechatpay', field: 'wechatPay' },
  { key: 'alipay', field: 'alipay' },
];

/** Account settings → personalisation: each switch saves at once and springs back when the call fails. */
export const CustomView = () => {
  const { t } = useTranslation(SETTINGS_NS);
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: USER_SETTINGS_QUERY_KEY, queryFn: fetchUserSettings });
  const [pending, setPending] = useState<ReadonlySet<UserSettingKey>>(new Set());

  const setField = (field: keyof UserSettings, value: boolean) =>
    queryClient.setQueryData<UserSettings>(USER_SETTINGS_QUERY_KEY, (current) =>
      current ? { ...current, [field]: value } : current,
    );

  const toggle = async (key: UserSettingKey, field: keyof UserSettings, on: boolean) => {
    setField(field, on);
    setPending((keys) => new Set(keys).add(key));
    try {
      const saved = await toggleUserSetting(key, on);
      // Only this switch's field: another switch may be on its way.
      setField(field, saved[field]);
    } catch (error) {
      // Roll back just this field, so a concurrent toggle of another switch is not undone.
      setField(field, !on);
      // 401 and 403 have had the HTTP client's notice already.
      if (!(isHttpError(error) && (error.status === 401 || error.status === 403))) {
        notify.error({
          title: t('custom.saveFailed', {
            label: t(`custom.items.${key}.label`),
            message: parseError(error).message,
          }),
        });
      }
    } finally {
      setPending((keys) => {
        const next = new Set(keys);
        next.delete(key);
        return next;
      });
    }
  };

  if (settings.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (settings.isError) return <LoadError error={settings.error} onRetry={() => void settings.refetch()} />;
  const values = settings.data;

  return (
    <>
      <Typography.Paragraph type="secondary">{t('custom.intro')}</Typography.Paragraph>
      <List
        itemLayout="horizontal"
        dataSource={settingSwitches}
        renderItem={({ key, field }) => (
          <List.Item
            key={key}
            data-setting={key}
            actions={[
              <Switch
                key="switch"
                aria-label={t(`custom.items.${key}.label`)}
                checked={values[field]}
                loading={pending.has(key)}
                disabled={pending.has(key)}
                checkedChildren={t('custom.on')}
                unCheckedChildren={t('custom.off')}
                onChange={(on) => void toggle(key, field, on)}
              />,
            ]}
          >
            <List.Item.Meta
              title={t(`custom.items.${key}.label`)}
              description={t(`custom.items.${key}.description`)}
            />
          </List.Item>
        )}
      />
    </>
  );
};
