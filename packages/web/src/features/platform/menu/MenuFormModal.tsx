import { useEffect } from 'react';
import { Form } from 'antd';
import {
  ModalForm,
  ProFormDigit,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTreeSelect,
} from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { MenuItem, MenuNode } from '@openkefu/contract';
import { useLanguage } from '../../../shared/i18n';
import { parseError } from '../../../shared/api/parseError';
import { titleOf } from '../../../shared/routing/buildRoutes';
import { MenuIcon, menuIconNames } from '../../../shared/routing/menuIcons';
import {
  emptyMenuForm,
  MENU_NAME_PATTERN,
  MENU_PATH_PATTERN,
  toMenuFormValues,
  type MenuFormValues,
} from './menuForm';

type TreeOption = { value: string; title: string; children: TreeOption[] };

const toTreeOptions = (nodes: MenuNode[], language: 'en-US' | 'zh-CN', excludeMid?: string): TreeOption[] =>
  nodes
    .filter((node) => node.mid !== excludeMid)
    .map((node) => ({
      value: node.mid,
      title: `${titleOf(node, language)} (${node.name})`,
      children: toTreeOptions(node.children ?? [], language, excludeMid),
    }));

export type MenuFormModalProps = {
  open: boolean;
  /** The item being edited; null to create one. */
  editing: MenuItem | null;
  tree: MenuNode[];
  onOpenChange: (open: boolean) => void;
  onSubmit: (values: MenuFormValues) => Promise<void>;
};

/** Create / edit a menu item. Field rules mirror the server's (name, title required; path / or http). */
export const MenuFormModal = ({ open, editing, tree, onOpenChange, onSubmit }: MenuFormModalProps) => {
  const { t } = useTranslation('app');
  const language = useLanguage();
  const [form] = Form.useForm<MenuFormValues>();

  useEffect(() => {
    if (open) form.setFieldsValue(editing ? toMenuFormValues(editing) : emptyMenuForm);
  }, [open, editing, form]);

  return (
    <ModalForm<MenuFormValues>
      form={form}
      title={t(editing ? 'menuPage.editTitle' : 'menuPage.createTitle')}
      open={open}
      onOpenChange={onOpenChange}
      modalProps={{ destroyOnHidden: true, maskClosable: false }}
      grid
      rowProps={{ gutter: 16 }}
      initialValues={editing ? toMenuFormValues(editing) : emptyMenuForm}
      submitter={{ searchConfig: { submitText: t('common.ok'), resetText: t('common.cancel') } }}
      onFinish={async (values) => {
        try {
          await onSubmit(values);
          return true;
        } catch (error) {
          const { fields } = parseError(error);
          const fieldErrors = Object.entries(fields).map(([name, message]) => ({
            name: name as keyof MenuFormValues,
            errors: [message],
          }));
          if (fieldErrors.length > 0) form.setFields(fieldErrors);
          return false;
        }
      }}
    >
      <ProFormTreeSelect
        name="parentId"
        label={t('menuPage.columns.parent')}
        placeholder={t('menuPage.topLevel')}
        allowClear
        colProps={{ span: 24 }}
        fieldProps={{
          treeData: toTreeOptions(tree, language, editing?.mid),
          treeDefaultExpandAll: false,
          showSearch: true,
          treeNodeFilterProp: 'title',
        }}
      />
      <ProFormText
        name="name"
        label={t('menuPage.columns.name')}
        tooltip={t('menuPage.help.name')}
        colProps={{ span: 12 }}
        rules={[
          { required: true, whitespace: true, message: t('menuPage.validation.nameRequired') },
          { pattern: MENU_NAME_PATTERN, message: t('menuPage.validation.namePattern') },
        ]}
      />
      <ProFormSelect
        name="type"
        label={t('menuPage.columns.type')}
        colProps={{ span: 12 }}
        options={(['section', 'item', 'route'] as const).map((value) => ({
          value,
          label: t(`menuPage.types.${value}`),
        }))}
        allowClear={false}
      />
      <ProFormText
        name="title"
        label={t('menuPage.columns.title')}
        colProps={{ span: 12 }}
        rules={[{ required: true, whitespace: true, message: t('menuPage.validation.titleRequired') }]}
      />
      <ProFormText name="titleEn" label={t('menuPage.columns.titleEn')} colProps={{ span: 12 }} />
      <ProFormText
        name="path"
        label={t('menuPage.columns.path')}
        colProps={{ span: 12 }}
        rules={[
          { required: true, whitespace: true, message: t('menuPage.validation.pathRequired') },
          { pattern: MENU_PATH_PATTERN, message: t('menuPage.validation.pathPattern') },
        ]}
      />
      <ProFormText
        name="redirect"
        label={t('menuPage.columns.redirect')}
        colProps={{ span: 12 }}
        rules={[{ pattern: MENU_PATH_PATTERN, message: t('menuPage.validation.redirectPattern') }]}
      />
      <ProFormText
        name="component"
        label={t('menuPage.columns.component')}
        tooltip={t('menuPage.help.component')}
        colProps={{ span: 12 }}
      />
      <ProFormSelect
        name="icon"
        label={t('menuPage.columns.icon')}
        colProps={{ span: 12 }}
        showSearch
        allowClear
        options={menuIconNames.map((name) => ({
          value: name,
          label: (
            <span>
              <MenuIcon name={name} /> {name}
            </span>
          ),
        }))}
      />
      <ProFormDigit
        name="order"
        label={t('menuPage.columns.order')}
        min={0}
        max={100000}
        fieldProps={{ precision: 0 }}
        colProps={{ span: 8 }}
      />
      <ProFormSwitch name="show" label={t('menuPage.columns.show')} colProps={{ span: 4 }} />
      <ProFormSwitch name="hideChildren" label={t('menuPage.columns.hideChildren')} colProps={{ span: 4 }} />
      <ProFormSwitch name="debugOnly" label={t('menuPage.columns.debugOnly')} colProps={{ span: 4 }} />
      <ProFormSwitch name="adminOnly" label={t('menuPage.columns.adminOnly')} colProps={{ span: 4 }} />
    </ModalForm>
  );
};
