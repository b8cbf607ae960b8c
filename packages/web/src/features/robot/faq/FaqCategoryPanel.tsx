import { useState } from 'react';
import {
  App,
  Button,
  Dropdown,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Skeleton,
  Tree,
  Typography,
} from 'antd';
import { FolderAddOutlined, MoreOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Category } from '@openkefu/contract';
import { reportUnlessHandled, showFormError } from '../../../shared/api/reportError';
import { createFaqCategory, deleteFaqCategory, updateFaqCategory } from '../shared/api';
import { ROBOT_NS } from '../shared/i18n';

/** Contract `faqCategoryCreateBodySchema`: a name of 1–64 characters, an order 0–100000. */
const NAME_MAX = 64;
const ORDER_MAX = 100_000;

/** The panel's "every category" entry. */
const ALL = '__all__';

type CategoryValues = { name: string; order: number };

export type FaqCategoryPanelProps = {
  categories: Category[];
  isLoading: boolean;
  /** The chosen category cid, or undefined for all. */
  selected: string | undefined;
  onSelect: (cid: string | undefined) => void;
  canAdd: boolean;
  canEdit: boolean;
  canDelete: boolean;
  /** After any change: reload the categories and the list (whose category names may have changed). */
  onChanged: () => void;
};

/**
 * The FAQ categories left of the list (one flat list, the knowledge base's tree pattern): choose
 * one to filter by it; add, rename, reorder and delete (its FAQs stay, uncategorised).
 */
export const FaqCategoryPanel = ({
  categories,
  isLoading,
  selected,
  onSelect,
  canAdd,
  canEdit,
  canDelete,
  onChanged,
}: FaqCategoryPanelProps) => {
  const { t } = useTranslation(ROBOT_NS);
  const { message: toast, modal } = App.useApp();
  const [editing, setEditing] = useState<{ category: Category | null } | null>(null);
  const [form] = Form.useForm<CategoryValues>();

  const open = (category: Category | null) => {
    form.resetFields();
    form.setFieldsValue({
      name: category?.name ?? '',
      order: category?.order ?? categories.length,
    });
    setEditing({ category });
  };

  const save = useMutation({
    mutationFn: async (category: Category | null) => {
      const values = await form.validateFields();
      const body = { name: values.name.trim(), order: values.order ?? 0 };
      if (category) await updateFaqCategory({ ...body, cid: category.cid });
      else await createFaqCategory(body);
      return category ? t('categories.saved') : t('categories.created');
    },
    onSuccess: (text) => {
      void toast.success(text);
      setEditing(null);
      onChanged();
    },
    onError: (error) => {
      // validateFields rejects with the form's own errors, already shown.
      if (typeof error === 'object' && error !== null && 'errorFields' in error) return;
      showFormError(form, error, ['name', 'order']);
    },
  });

  const confirmDelete = (category: Category) =>
    modal.confirm({
      title: t('categories.deleteTitle', { name: category.name }),
      content: t('categories.deleteHint'),
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('actions.cancel'),
      onOk: async () => {
        try {
          await deleteFaqCategory(category.cid);
          void toast.success(t('categories.deleted'));
          if (selected === category.cid) onSelect(undefined);
          onChanged();
        } catch (error) {
          reportUnlessHandled(error);
        }
      },
    });

  const treeData = [
    { key: ALL, title: t('categories.all'), category: undefined as Category | undefined },
    ...categories.map((category) => ({ key: category.cid, title: category.name, category })),
  ];

  const menuItems = [
    ...(canEdit ? [{ key: 'rename', label: t('categories.edit') }] : []),
    ...(canDelete ? [{ key: 'delete', label: t('actions.delete'), danger: true }] : []),
  ];

  return (
    <nav className="ok-robot-tree" aria-label={t('categories.title')}>
      <div className="ok-robot-tree__head">
        <Typography.Text strong>{t('categories.title')}</Typography.Text>
        {canAdd && (
          <Button
            size="small"
            icon={<FolderAddOutlined />}
            onClick={() => open(null)}
            aria-label={t('categories.add')}
          />
        )}
      </div>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} title={false} />
      ) : (
        <>
          <Tree
            blockNode
            treeData={treeData}
            selectedKeys={[selected ?? ALL]}
            titleRender={(data) => (
              <span className="ok-robot-tree__row">
                <span className="ok-robot-tree__name" title={data.title}>
                  {data.title}
                </span>
                {data.category && data.category.editable && menuItems.length > 0 && (
                  <Dropdown
                    trigger={['click']}
                    menu={{
                      items: menuItems,
                      onClick: ({ key, domEvent }) => {
                        domEvent.stopPropagation();
                        const category = data.category as Category;
                        if (key === 'rename') open(category);
                        else confirmDelete(category);
                      },
                    }}
                  >
                    <Button
                      type="text"
                      size="small"
                      icon={<MoreOutlined />}
                      aria-label={t('categories.actionsOf', { name: data.title })}
                      onClick={(event) => event.stopPropagation()}
                    />
                  </Dropdown>
                )}
              </span>
            )}
            onSelect={(keys) => {
              const key = keys[0];
              // Clicking the chosen category again keeps it (antd would unselect it).
              if (key === undefined) return;
              onSelect(key === ALL ? undefined : String(key));
            }}
          />
          {categories.length === 0 && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('categories.empty')} />
          )}
        </>
      )}
      <Modal
        open={editing !== null}
        title={
          editing?.category
            ? t('categories.editTitle', { name: editing.category.name })
            : t('categories.addTitle')
        }
        okText={t('actions.save')}
        cancelText={t('actions.cancel')}
        confirmLoading={save.isPending}
        onOk={() => editing && save.mutate(editing.category)}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form<CategoryValues> form={form} layout="vertical" name="robot-faq-category">
          <Form.Item
            name="name"
            label={t('categories.name')}
            rules={[
              { required: true, whitespace: true, message: t('categories.nameRequired') },
              {
                max: NAME_MAX,
                message: t('validation.tooLong', { field: t('categories.name'), max: NAME_MAX }),
              },
            ]}
          >
            <Input maxLength={NAME_MAX} />
          </Form.Item>
          <Form.Item name="order" label={t('categories.order')} extra={t('categories.orderHint')}>
            <InputNumber min={0} max={ORDER_MAX} precision={0} />
          </Form.Item>
        </Form>
      </Modal>
    </nav>
  );
};
