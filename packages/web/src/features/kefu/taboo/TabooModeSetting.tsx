import './i18n';
import { App, Radio, Skeleton, Space, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RoleValue, TabooMode } from '@openkefu/contract';
import { useProfile } from '../../../shared/auth/profileStore';
import { reportUnlessHandled } from '../shared/errors';
import { fetchTabooMode, saveTabooMode } from './api';
import { KEFU_TABOO_NS } from './i18n';

const modeKey = ['kefu', 'taboo', 'mode'] as const;

/** Keep in sync with the server's `adminRoles` of taboo.routes.ts: who may change the mode. */
const ADMIN_ROLES: readonly RoleValue[] = [
  'ROLE_SUPER',
  'ROLE_ADMIN',
  'ROLE_VIP',
  'ROLE_TRY',
  'ROLE_PROXY',
  'ROLE_FREE',
  'ROLE_WORKGROUP_ADMIN',
];

/** Mask or refuse: the organisation's handling of sensitive words; administrators change it. */
export const TabooModeSetting = () => {
  const { t } = useTranslation(KEFU_TABOO_NS);
  const { message: toast } = App.useApp();
  const queryClient = useQueryClient();
  const profile = useProfile();
  const isAdmin = (profile?.roles ?? []).some((role) => ADMIN_ROLES.includes(role.value));
  const mode = useQuery({ queryKey: modeKey, queryFn: fetchTabooMode });
  const save = useMutation({
    mutationFn: saveTabooMode,
    onSuccess: (saved) => {
      queryClient.setQueryData(modeKey, saved);
      void toast.success(t('done.mode', { mode: t(`mode.names.${saved}`) }));
    },
    onError: reportUnlessHandled,
  });
  if (mode.isPending) return <Skeleton.Input active size="small" />;
  return (
    <Space orientation="vertical" size={4} data-testid="taboo-mode">
      <Typography.Text strong>{t('mode.label')}</Typography.Text>
      <Radio.Group
        value={save.isPending ? save.variables : mode.data}
        disabled={!isAdmin || save.isPending || mode.isError}
        onChange={(event) => save.mutate(event.target.value as TabooMode)}
        options={(['mask', 'block'] as const).map((value) => ({ value, label: t(`mode.${value}`) }))}
      />
      {isAdmin ? null : <Typography.Text type="secondary">{t('mode.readOnly')}</Typography.Text>}
    </Space>
  );
};
