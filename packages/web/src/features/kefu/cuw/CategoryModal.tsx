import { useState } from 'react';
import { App, Button, Empty, Form, Input, List, Modal, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Category, CuwScope } from '@openkefu/contract';
import { reportUnlessHandled, showFormError } from '../shared/errors';
import { createCategory, deleteCategory, renameCategory } from './api';
import { KEFU_CUW_NS } from './i18n';

const NAME_MAX = 64;

export type CategoryModalProps = {
  scope: CuwScope;
  isOpen: boolean;
  categories: Category[];
  isLoading: boolean;
  canChange: boolean;
  onClose: () => void;
  onChanged: () => void;
};

/** Lists a scope's categories; adds, renames and (after a confirmation) deletes them. */
export const CategoryModal = ({
  scope,
  isOpen,
  categories,
  isLoading,
  canChange,
  onClose,
  onChanged,
}: CategoryModalProps) => {
  const { t } = useTranslation(KEFU_CUW_NS);
  const { message: toast } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const [renaming, setRenaming] = useState<{ cid: string; name: string } | null>(null);

  const add = async () => {
    const { name } = await form.validateFields();
    try {
      await createCategory(scope, name.trim());
      form.resetFields();
      void toast.success(t('done.categorySaved'));
      onChanged();
    } catch (error) {
      showFormError(form, error, ['name']);
    }
  };

  const saveRename = async () => {
    if (!renaming || !renaming.name.trim()) return;
    try {
      await renameCategory(renaming.cid, renaming.name.trim());
      setRenaming(null);
      void toast.success(t('done.categorySaved'));
      onChanged();
    } catch (error) {
      reportUnlessHandled(error);
    }
  };

  const remove = async (category: Category) => {
    try {
      await deleteCategory(category.cid);
      void toast.success(t('done.categoryDeleted'));
      onChanged();
    } catch (error) {
      reportUnlessHandled(error);
    }
  };

  return (
    <Modal
      open={isOpen}
      title={t('category.title', { scope: t(`scope.${scope}`) })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('category.close')}</Button>}
      destroyOnHidden
    >
      {canChange && (
        <Form
          form={form}
          layout="inline"
          name="cuw-category"
          onFinish={() => void add()}
          style={{ marginBottom: 16 }}
        >
          <Form.Item
            name="name"
            style={{ flex: 1 }}
            rules={[
              { required: true, whitespace: true, message: t('category.nameRequired') },
              { max: NAME_MAX, message: t('form.tooLong', { max: NAME_MAX }) },
            ]}
          >
            <Input aria-label={t('category.name')} placeholder={t('category.name')} maxLength={NAME_MAX} />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t('category.add')}
          </Button>
        </Form>
      )}
      <List<Category>
        loading={isLoading}
        dataSource={categories}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('category.empty')} />,
        }}
        renderItem={(category) =>
          renaming?.cid === category.cid ? (
            <List.Item>
              <Space.Compact style={{ width: '100%' }}>
                <Input
                  aria-label={t('category.name')}
                  value={renaming.name}
                  maxLength={NAME_MAX}
                  onChange={(event) => setRenaming({ cid: category.cid, name: event.target.value })}
                  onPressEnter={() => void saveRename()}
                />
                <Button type="primary" disabled={!renaming.name.trim()} onClick={() => void saveRename()}>
                  {t('category.save')}
                </Button>
                <Button onClick={() => setRenaming(null)}>{t('category.cancel')}</Button>
              </Space.Compact>
            </List.Item>
          ) : (
            <List.Item
              actions={
                canChange && category.editable
                  ? [
                      <a key="rename" onClick={() => setRenaming({ cid: category.cid, name: category.name })}>
                        {t('category.rename')}
                      </a>,
                      <Popconfirm
                        key="delete"
                        title={t('category.deleteConfirm', { name: category.name })}
                        okText={t('category.delete')}
                        okButtonProps={{ danger: true }}
                        cancelText={t('category.cancel')}
                        onConfirm={() => remove(category)}
                      >
                        <a className="ok-danger-link">{t('category.delete')}</a>
                      </Popconfirm>,
                    ]
                  : []
              }
            >
              {category.name}
            </List.Item>
          )
        }
      />
    </Modal>
  );
};
