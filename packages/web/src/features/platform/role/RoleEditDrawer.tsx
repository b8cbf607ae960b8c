import { useMemo, useState } from 'react';
import { Alert, App, Button, Checkbox, Drawer, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { authorityKeys, type AuthorityKey, type RoleDetail } from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { useLanguage } from '../../../shared/i18n';
import { applyFieldErrors } from '../shared/ActionModal';
import { PLATFORM_NS } from '../shared/i18n';
import { useMenuTree } from '../shared/menuTree';
import { reportUnlessHandled } from '../shared/reportError';
import { updateRole } from './api';
import { PermissionMatrix } from './PermissionMatrix';
import { allMenuNames, matrixRows, toPermissionState, toPermissions } from './permissionMatrix';

/** The one authority that opens the platform section; ROLE_SUPER must keep it (server rule too). */
const PLATFORM_AUTHORITY: AuthorityKey = 'internal';

type RoleFormValues = { name: string; description: string; authorities: AuthorityKey[] };

export type RoleEditDrawerProps = {
  role: RoleDetail;
  onClose: () => void;
  /** After a successful save. */
  onSaved: () => void;
};

/** Edits a role: name, description, authorities and the permission matrix of the sections they open. */
export const RoleEditDrawer = ({ role, onClose, onSaved }: RoleEditDrawerProps) => {
  const { t } = useTranslation(PLATFORM_NS);
  const { message } = App.useApp();
  const language = useLanguage();
  const [form] = Form.useForm<RoleFormValues>();
  const menu = useMenuTree();
  const [permissions, setPermissions] = useState(() => toPermissionState(role.permissions));
  const [isSaving, setSaving] = useState(false);
  const isSuper = role.value === 'ROLE_SUPER';

  const watched = Form.useWatch('authorities', form) as AuthorityKey[] | undefined;
  const authorities = watched ?? role.authorities;
  const rows = useMemo(
    () => matrixRows(menu.data ?? [], authorities, language),
    [menu.data, authorities, language],
  );

  const save = async (values: RoleFormValues) => {
    if (!menu.data) return;
    const held =
      isSuper && !values.authorities.includes(PLATFORM_AUTHORITY)
        ? [...values.authorities, PLATFORM_AUTHORITY]
        : values.authorities;
    setSaving(true);
    try {
      await updateRole({
        rid: role.rid,
        name: values.name.trim(),
        description: values.description?.trim() ?? '',
        // In the spec's order, so the role reads the same wherever it is listed.
        authorities: authorityKeys.filter((key) => held.includes(key)),
        permissions: toPermissions(permissions, rows, allMenuNames(menu.data)),
      });
      void message.success(t('rolePage.drawer.saved', { value: role.value }));
      onSaved();
      onClose();
    } catch (error) {
      applyFieldErrors(form, error);
      reportUnlessHandled(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open
      size={1000}
      title={t('rolePage.drawer.title', { value: role.value })}
      onClose={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={isSaving} disabled={!menu.data} onClick={() => form.submit()}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      {isSuper && (
        <Alert
          type="warning"
          showIcon
          title={t('rolePage.drawer.superWarning')}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<RoleFormValues>
        form={form}
        layout="vertical"
        initialValues={{ name: role.name, description: role.description, authorities: role.authorities }}
        onFinish={save}
      >
        <Form.Item
          name="name"
          label={t('rolePage.drawer.name')}
          rules={[
            { required: true, whitespace: true, message: t('rolePage.drawer.nameRequired') },
            { max: 64, message: t('rolePage.drawer.nameTooLong') },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('rolePage.drawer.description')}
          rules={[{ max: 500, message: t('rolePage.drawer.descriptionTooLong') }]}
        >
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
        <Form.Item
          name="authorities"
          label={t('rolePage.drawer.authorities')}
          extra={t('rolePage.drawer.authoritiesHelp')}
        >
          <Checkbox.Group
            style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 8 }}
            options={authorityKeys.map((key) => ({
              value: key,
              label: (
                <span>
                  {t(`authorities.${key}`)} <Typography.Text type="secondary">{key}</Typography.Text>
                </span>
              ),
              disabled: isSuper && key === PLATFORM_AUTHORITY,
            }))}
          />
        </Form.Item>
      </Form>
      <Typography.Title level={5}>{t('rolePage.drawer.permissions')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('rolePage.drawer.permissionsHelp')}</Typography.Paragraph>
      {menu.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('rolePage.drawer.menuFailed', { message: parseError(menu.error).message })}
          action={
            <Button size="small" onClick={() => void menu.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : (
        <PermissionMatrix
          rows={rows}
          value={permissions}
          onChange={setPermissions}
          isLoading={menu.isLoading}
        />
      )}
    </Drawer>
  );
};
