import { useRef, useState } from 'react';
import { App, Button, Popconfirm, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MenuItem, MenuType } from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { isHttpError } from '../../../shared/api/http';
import { Can } from '../../../shared/components/Authorized';
import { notify } from '../../../shared/feedback/notify';
import { usePageRequest } from '../../../shared/table/usePageRequest';
import { createSession, getSession, setSession } from '../../../shared/routing/session';
import { MenuIcon } from '../../../shared/routing/menuIcons';
import { createMenu, deleteMenu, fetchMenuPage, fetchMenuTree, updateMenu, type MenuFilters } from './api';
import { MenuFormModal } from './MenuFormModal';
import { toMenuBody, type MenuFormValues } from './menuForm';

export const MENU_TREE_QUERY_KEY = ['menu', 'tree'] as const;

/** The 401/403 notices come from the HTTP client; anything else is reported here. */
const reportUnlessHandled = (error: unknown) => {
  if (isHttpError(error) && (error.status === 401 || error.status === 403)) return;
  notify.error({ title: parseError(error).message });
};

const Flag = ({ value }: { value: boolean }) => {
  const { t } = useTranslation('app');
  return value ? <Tag color="green">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>;
};

/**
 * Platform → menus (`/stable/platform/menu`): the menu table over `GET /api/v1/menu/query` and
 * `/filter`, with create, edit and delete. The pattern later list pages follow: ProTable +
 * usePageRequest, a ModalForm, permission-gated actions.
 */
export const MenuPage = () => {
  const { t } = useTranslation('app');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [editing, setEditing] = useState<MenuItem | null>(null);
  const latestRefresh = useRef(0);
  const [isFormOpen, setFormOpen] = useState(false);
  const tree = useQuery({ queryKey: MENU_TREE_QUERY_KEY, queryFn: fetchMenuTree });
  const request = usePageRequest<MenuItem, MenuFilters>(fetchMenuPage, { onError: reportUnlessHandled });

  /** After a change: reload the table, and rebuild the console's own routes from the new tree. */
  const refresh = async () => {
    const turn = ++latestRefresh.current;
    await actionRef.current?.reload();
    // A fresh request, not fetchQuery: that would hand back a fetch already in flight from before the
    // change, and the console would rebuild its routes from the old tree.
    const next = await fetchMenuTree();
    // Two changes in quick succession: the earlier refresh may end last, with the older tree.
    if (turn !== latestRefresh.current) return;
    queryClient.setQueryData(MENU_TREE_QUERY_KEY, next);
    const session = getSession();
    if (session && next.length > 0) setSession(createSession(next, session.config));
  };

  const submit = async (values: MenuFormValues) => {
    try {
      if (editing) await updateMenu({ ...toMenuBody(values), mid: editing.mid });
      else await createMenu(toMenuBody(values));
    } catch (error) {
      reportUnlessHandled(error);
      throw error;
    }
    // Confirm once the console's own routes follow the change, so what the toast says is already true.
    await refresh();
    void message.success(t(editing ? 'menuPage.updated' : 'menuPage.created'));
  };

  const remove = async (item: MenuItem) => {
    try {
      await deleteMenu(item.mid);
      await refresh();
      void message.success(t('menuPage.deleted'));
    } catch (error) {
      // 409: the item still has children; the server's message says so.
      reportUnlessHandled(error);
    }
  };

  const openForm = (item: MenuItem | null) => {
    setEditing(item);
    setFormOpen(true);
  };

  const typeEnum = Object.fromEntries(
    (['section', 'item', 'route'] as MenuType[]).map((value) => [
      value,
      { text: t(`menuPage.types.${value}`) },
    ]),
  );

  const columns: ProColumns<MenuItem>[] = [
    {
      title: t('menuPage.search'),
      dataIndex: 'content',
      hideInTable: true,
      fieldProps: { placeholder: t('menuPage.searchPlaceholder') },
    },
    {
      title: t('menuPage.columns.name'),
      dataIndex: 'name',
      search: false,
      width: 200,
      render: (_, item) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <MenuIcon name={item.icon} /> {item.name}
        </span>
      ),
    },
    { title: t('menuPage.columns.title'), dataIndex: 'title', search: false, width: 120 },
    { title: t('menuPage.columns.titleEn'), dataIndex: 'titleEn', search: false, width: 150 },
    { title: t('menuPage.columns.path'), dataIndex: 'path', search: false, ellipsis: true, width: 220 },
    {
      title: t('menuPage.columns.component'),
      dataIndex: 'component',
      search: false,
      ellipsis: true,
      width: 160,
    },
    { title: t('menuPage.columns.type'), dataIndex: 'type', search: false, valueEnum: typeEnum, width: 100 },
    { title: t('menuPage.columns.order'), dataIndex: 'order', search: false, width: 72 },
    {
      title: t('menuPage.columns.show'),
      dataIndex: 'show',
      search: false,
      width: 80,
      render: (_, item) => <Flag value={item.show} />,
    },
    {
      title: t('menuPage.columns.debugOnly'),
      dataIndex: 'debugOnly',
      search: false,
      width: 90,
      render: (_, item) => <Flag value={item.debugOnly} />,
    },
    {
      title: t('menuPage.columns.adminOnly'),
      dataIndex: 'adminOnly',
      search: false,
      width: 90,
      render: (_, item) => <Flag value={item.adminOnly} />,
    },
    {
      title: t('menuPage.actions'),
      valueType: 'option',
      key: 'actions',
      fixed: 'right',
      width: 120,
      render: (_, item) => [
        <Can key="edit" permission="platform.menu.edit">
          <a onClick={() => openForm(item)}>{t('menuPage.edit')}</a>
        </Can>,
        <Can key="delete" permission="platform.menu.delete">
          <Popconfirm
            title={t('menuPage.deleteConfirm')}
            okText={t('common.ok')}
            cancelText={t('common.cancel')}
            onConfirm={() => remove(item)}
          >
            <a className="ok-danger-link">{t('menuPage.delete')}</a>
          </Popconfirm>
        </Can>,
      ],
    },
  ];

  return (
    <>
      <ProTable<MenuItem, MenuFilters>
        rowKey="mid"
        headerTitle={t('menuPage.title')}
        actionRef={actionRef}
        columns={columns}
        request={request}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        search={{ labelWidth: 'auto' }}
        scroll={{ x: 1450 }}
        locale={{ emptyText: t('menuPage.empty') }}
        toolBarRender={() => [
          <Can key="create" permission="platform.menu.add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
              {t('menuPage.create')}
            </Button>
          </Can>,
        ]}
      />
      <MenuFormModal
        open={isFormOpen}
        editing={editing}
        tree={tree.data ?? []}
        onOpenChange={setFormOpen}
        onSubmit={submit}
      />
    </>
  );
};
