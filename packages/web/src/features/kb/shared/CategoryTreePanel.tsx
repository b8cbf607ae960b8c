import './kb.css';
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
  TreeSelect,
  Typography,
} from 'antd';
import { FolderAddOutlined, MoreOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CategoryTreeNode, TreeCategoryType } from '@openkefu/contract';
import { reportUnlessHandled, showFormError } from '../../../shared/api/reportError';
import { createCategory, deleteCategory, updateCategory } from './api';
import {
  countArticles,
  countDescendants,
  flattenTree,
  siblingsOf,
  toTreeOptions,
  type TreeOption,
} from './categoryTree';
import { KB_NS } from './i18n';

/** Contract `categoryName`: 1–64 characters. */
const NAME_MAX = 64;

/** The tree's "every category" entry. */
export const ALL_CATEGORIES = '__all__';

type Dialog =
  | { kind: 'create'; parent: CategoryTreeNode | null }
  | { kind: 'rename'; node: CategoryTreeNode }
  | { kind: 'move'; node: CategoryTreeNode };

type NameValues = { name: string };
type MoveValues = { parent?: string; position: number };

export type CategoryTreePanelProps = {
  /** An article type, or `ticket` (the ticket settings reuse the panel). */
  type: TreeCategoryType;
  /**
   * The i18n namespace of its texts (`categories.*`, `actions.delete|cancel|save`,
   * `validation.tooLong`); the knowledge base's by default. `articleCount` is counted per type.
   */
  ns?: string;
  tree: CategoryTreeNode[];
  isLoading: boolean;
  /** The chosen category cid, or undefined for all. */
  selected: string | undefined;
  onSelect: (cid: string | undefined) => void;
  canManage: boolean;
  /** After any change: reload the tree (and the list, whose category names may have changed). */
  onChanged: () => void;
};

type TreeNodeData = { key: string; title: string; node?: CategoryTreeNode; children: TreeNodeData[] };

/**
 * The category tree left of an article list: choose a category to filter by it; add, rename,
 * move and delete categories (each change says what happens to the articles and sub-categories).
 */
export const CategoryTreePanel = ({
  type,
  ns = KB_NS,
  tree,
  isLoading,
  selected,
  onSelect,
  canManage,
  onChanged,
}: CategoryTreePanelProps) => {
  const { t } = useTranslation(ns);
  const { message: toast, modal } = App.useApp();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [nameForm] = Form.useForm<NameValues>();
  const [moveForm] = Form.useForm<MoveValues>();

  const close = () => setDialog(null);

  const save = useMutation({
    mutationFn: async (current: Dialog) => {
      if (current.kind === 'create') {
        const { name } = await nameForm.validateFields();
        await createCategory(type, name.trim(), current.parent?.cid ?? null);
        return t('categories.created');
      }
      if (current.kind === 'rename') {
        const { name } = await nameForm.validateFields();
        await updateCategory({ cid: current.node.cid, name: name.trim() });
        return t('categories.saved');
      }
      const { parent, position } = await moveForm.validateFields();
      await updateCategory({
        cid: current.node.cid,
        name: current.node.name,
        parent: parent ?? null,
        order: Math.max(0, position - 1),
      });
      return t('categories.moved');
    },
    onSuccess: (text) => {
      void toast.success(text);
      close();
      onChanged();
    },
    onError: (error, current) => {
      // validateFields rejects with the form's own errors, already shown.
      if (typeof error === 'object' && error !== null && 'errorFields' in error) return;
      if (current.kind === 'move') showFormError(moveForm, error, ['parent', 'position']);
      else showFormError(nameForm, error, ['name']);
    },
  });

  const confirmDelete = (node: CategoryTreeNode) => {
    const articles = countArticles(node);
    const children = countDescendants(node);
    modal.confirm({
      title: t('categories.deleteTitle', { name: node.name }),
      content: (
        <>
          <p>{t('categories.deleteArticles', { count: node.articleCount })}</p>
          {children > 0 && <p>{t('categories.deleteChildren', { count: children })}</p>}
          {articles > node.articleCount && (
            <p>{t('categories.deleteNested', { count: articles - node.articleCount })}</p>
          )}
        </>
      ),
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('actions.cancel'),
      onOk: async () => {
        try {
          await deleteCategory(node.cid);
          void toast.success(t('categories.deleted'));
          if (selected === node.cid) onSelect(undefined);
          onChanged();
        } catch (error) {
          reportUnlessHandled(error);
        }
      },
    });
  };

  const open = (next: Dialog) => {
    if (next.kind === 'move') {
      const siblings = siblingsOf(tree, next.node.parent);
      moveForm.setFieldsValue({
        parent: next.node.parent ?? undefined,
        position: siblings.findIndex((sibling) => sibling.cid === next.node.cid) + 1 || 1,
      });
    } else {
      nameForm.setFieldsValue({ name: next.kind === 'rename' ? next.node.name : '' });
    }
    setDialog(next);
  };

  const toData = (nodes: CategoryTreeNode[]): TreeNodeData[] =>
    nodes.map((node) => ({ key: node.cid, title: node.name, node, children: toData(node.children) }));

  const treeData: TreeNodeData[] = [
    { key: ALL_CATEGORIES, title: t('categories.all'), children: [] },
    ...toData(tree),
  ];

  const renderTitle = (data: TreeNodeData) => {
    const node = data.node;
    if (!node) return <span className="ok-kb-tree__name">{data.title}</span>;
    return (
      <span className="ok-kb-tree__row">
        <span className="ok-kb-tree__name" title={node.name}>
          {node.name}
        </span>
        <Typography.Text type="secondary" className="ok-kb-tree__count">
          {countArticles(node)}
        </Typography.Text>
        {canManage && node.editable && (
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'child', label: t('categories.addChild') },
                { key: 'rename', label: t('categories.rename') },
                { key: 'move', label: t('categories.move') },
                { key: 'delete', label: t('actions.delete'), danger: true },
              ],
              onClick: ({ key, domEvent }) => {
                domEvent.stopPropagation();
                if (key === 'child') open({ kind: 'create', parent: node });
                else if (key === 'rename') open({ kind: 'rename', node });
                else if (key === 'move') open({ kind: 'move', node });
                else confirmDelete(node);
              },
            }}
          >
            <Button
              type="text"
              size="small"
              icon={<MoreOutlined />}
              aria-label={t('categories.actionsOf', { name: node.name })}
              onClick={(event) => event.stopPropagation()}
            />
          </Dropdown>
        )}
      </span>
    );
  };

  const moveOptions: TreeOption[] = dialog?.kind === 'move' ? toTreeOptions(tree, dialog.node.cid) : [];
  const movingParent = Form.useWatch('parent', moveForm);
  const moveSiblings =
    dialog?.kind === 'move'
      ? siblingsOf(tree, movingParent ?? null).filter((sibling) => sibling.cid !== dialog.node.cid)
      : [];

  return (
    <nav className="ok-kb-tree" aria-label={t('categories.title')}>
      <div className="ok-kb-tree__head">
        <Typography.Text strong>{t('categories.title')}</Typography.Text>
        {canManage && (
          <Button
            size="small"
            icon={<FolderAddOutlined />}
            onClick={() => open({ kind: 'create', parent: null })}
            aria-label={t('categories.add')}
          />
        )}
      </div>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} title={false} />
      ) : (
        <>
          <Tree<TreeNodeData>
            blockNode
            defaultExpandAll
            treeData={treeData}
            selectedKeys={[selected ?? ALL_CATEGORIES]}
            titleRender={renderTitle}
            onSelect={(keys) => {
              const key = keys[0];
              // Clicking the chosen category again keeps it (antd would unselect it).
              if (key === undefined) return;
              onSelect(key === ALL_CATEGORIES ? undefined : String(key));
            }}
          />
          {flattenTree(tree).length === 0 && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('categories.empty')} />
          )}
        </>
      )}
      <Modal
        open={dialog?.kind === 'create' || dialog?.kind === 'rename'}
        title={
          dialog?.kind === 'rename'
            ? t('categories.renameTitle', { name: dialog.node.name })
            : dialog?.kind === 'create' && dialog.parent
              ? t('categories.addChildTitle', { name: dialog.parent.name })
              : t('categories.addTitle')
        }
        okText={t('actions.save')}
        cancelText={t('actions.cancel')}
        confirmLoading={save.isPending}
        onOk={() => dialog && save.mutate(dialog)}
        onCancel={close}
        forceRender
      >
        <Form<NameValues> form={nameForm} layout="vertical" name="kb-category-name">
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
            <Input maxLength={NAME_MAX} autoFocus onPressEnter={() => dialog && save.mutate(dialog)} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={dialog?.kind === 'move'}
        title={dialog?.kind === 'move' ? t('categories.moveTitle', { name: dialog.node.name }) : ''}
        okText={t('categories.move')}
        cancelText={t('actions.cancel')}
        confirmLoading={save.isPending}
        onOk={() => dialog && save.mutate(dialog)}
        onCancel={close}
        forceRender
      >
        <Form<MoveValues> form={moveForm} layout="vertical" name="kb-category-move">
          <Form.Item name="parent" label={t('categories.parent')} extra={t('categories.parentHint')}>
            <TreeSelect
              allowClear
              treeDefaultExpandAll
              placeholder={t('categories.topLevel')}
              treeData={moveOptions}
              fieldNames={{ label: 'title', value: 'value', children: 'children' }}
            />
          </Form.Item>
          <Form.Item
            name="position"
            label={t('categories.position')}
            extra={t('categories.positionHint', { count: moveSiblings.length + 1 })}
            rules={[{ required: true, message: t('categories.positionRequired') }]}
          >
            <InputNumber min={1} max={moveSiblings.length + 1} precision={0} />
          </Form.Item>
        </Form>
      </Modal>
    </nav>
  );
};
