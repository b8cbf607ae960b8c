import '../shared/i18n';
import '../shared/ticket.css';
import { useRef, useState } from 'react';
import dayjs from 'dayjs';
import { App, Button, Dropdown, Select, Space, Tabs, Typography } from 'antd';
import { DownOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ticketPriorityValues,
  ticketStatusValues,
  type Ticket,
  type TicketAction,
  type TicketBulkBody,
  type TicketSource,
  type TicketView,
} from '@openkefu/contract';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { useCan } from '../../../shared/components/Authorized';
import { preloadRichTextEditor } from '../../../shared/editor';
import { usePageRequest, type PageQuery } from '../../../shared/table/usePageRequest';
import { bulkTickets, fetchTicketPage, type TicketFilters } from '../shared/api';
import { formatTime, PriorityTag, SlaBadges, StatusTag } from '../shared/display';
import { useCategoryOptions, useColleagueOptions, useGroupOptions } from '../shared/hooks';
import { TICKET_NS } from '../shared/i18n';
import { STATUS_ACTIONS } from '../shared/machine';
import { TicketDetailDrawer } from '../detail/TicketDetailDrawer';
import { isSettingsTab, TicketSettingsDrawer } from '../settings/TicketSettingsDrawer';
import { NewTicketDrawer } from './NewTicketDrawer';

/** The URL parameter that opens a ticket's drawer: its tkid, or `new` for the create form. */
export const TICKET_PARAM = 'tkid';
/** The URL parameter that opens the settings drawer on a tab (`sla`, `categories`, `email`). */
export const SETTINGS_PARAM = 'settings';

type Sort = 'newest' | 'priority' | 'dueSoon';

type SearchFields = Pick<
  TicketFilters,
  'keyword' | 'status' | 'priority' | 'type' | 'category' | 'wid' | 'assignee'
> & {
  created?: [string, string];
};

export type TicketListProps = {
  /** The view tabs, the first one selected. */
  views: readonly TicketView[];
  /** Lists only tickets from this source (feedback tickets). */
  source?: TicketSource;
  /** i18n key of the table's title. */
  titleKey: string;
};

/**
 * One ticket list for the section's list pages (manage, mine, from feedback): view tabs, filters,
 * sort, SLA badges, bulk changes, the create drawer (`?tkid=new`) and the detail drawer (`?tkid=…`).
 */
export const TicketList = ({ views, source, titleKey }: TicketListProps) => {
  const { t } = useTranslation(TICKET_NS);
  const { message: toast, modal } = App.useApp();
  const canDo = useCan();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [searchParams, setSearchParams] = useSearchParams();
  const [view, setView] = useState<TicketView>(views[0] ?? 'all');
  const [sort, setSort] = useState<Sort>('newest');
  const [selected, setSelected] = useState<string[]>([]);
  const colleagues = useColleagueOptions();
  const groups = useGroupOptions();
  const categories = useCategoryOptions();
  const opened = searchParams.get(TICKET_PARAM);
  const settingsTab = searchParams.get(SETTINGS_PARAM);

  const canAdd = canDo('ticket.list.add');
  const canGet = canDo('ticket.list.get');
  const canEdit = canDo('ticket.list.edit');
  // The server asks the same of SLA policies, ticket categories and the inbound secret.
  const canManage = canDo('ticket.list.delete');

  const reload = () => {
    setSelected([]);
    void actionRef.current?.reload();
  };

  const request = usePageRequest<Ticket, SearchFields & { view: TicketView; sort: Sort }>(
    ({ created, ...query }: PageQuery<SearchFields & { view: TicketView; sort: Sort }>) =>
      fetchTicketPage({
        page: query.page,
        size: query.size,
        view: query.view,
        sort: query.sort,
        source,
        status: query.status,
        priority: query.priority,
        type: query.type,
        category: query.category,
        wid: query.wid,
        assignee: query.assignee,
        keyword: query.keyword,
        from: created ? dayjs(created[0]).startOf('day').valueOf() : undefined,
        to: created ? dayjs(created[1]).endOf('day').valueOf() : undefined,
      }),
    { onError: reportUnlessHandled },
  );

  const openTicket = (tkid: string) => {
    preloadRichTextEditor();
    setSearchParams((params) => {
      params.set(TICKET_PARAM, tkid);
      return params;
    });
  };

  const closeDrawer = () =>
    setSearchParams((params) => {
      params.delete(TICKET_PARAM);
      return params;
    });

  const openSettings = (tab: string | null) =>
    setSearchParams((params) => {
      if (tab === null) params.delete(SETTINGS_PARAM);
      else params.set(SETTINGS_PARAM, tab);
      return params;
    });

  const runBulk = async (change: Omit<TicketBulkBody, 'tkids'>) => {
    try {
      const result = await bulkTickets({ tkids: selected, ...change });
      if (result.failed.length === 0) void toast.success(t('bulk.done', { count: result.updated.length }));
      else
        modal.warning({
          title: t('bulk.partial', { updated: result.updated.length, failed: result.failed.length }),
          content: (
            <ul className="ok-ticket-bulk-failures">
              {result.failed.map((failure) => (
                <li key={failure.tkid}>{failure.message}</li>
              ))}
            </ul>
          ),
          okText: t('actions.ok'),
        });
      reload();
    } catch (error) {
      reportUnlessHandled(error);
    }
  };

  const confirmBulkAction = (action: TicketAction) =>
    modal.confirm({
      title: t('bulk.confirmAction', { action: t(`actions.${action}`), count: selected.length }),
      okText: t(`actions.${action}`),
      cancelText: t('actions.cancel'),
      onOk: () => runBulk({ action }),
    });

  const columns: ProColumns<Ticket>[] = [
    {
      title: t('filters.keyword'),
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: t('filters.keywordHint') },
    },
    {
      title: t('filters.status'),
      dataIndex: 'status',
      hideInTable: true,
      valueType: 'select',
      fieldProps: { options: ticketStatusValues.map((value) => ({ value, label: t(`status.${value}`) })) },
    },
    {
      title: t('filters.priority'),
      dataIndex: 'priority',
      hideInTable: true,
      valueType: 'select',
      fieldProps: {
        options: ticketPriorityValues.map((value) => ({ value, label: t(`priority.${value}`) })),
      },
    },
    {
      title: t('filters.type'),
      dataIndex: 'type',
      hideInTable: true,
      valueType: 'select',
      fieldProps: {
        options: (['external', 'internal'] as const).map((value) => ({ value, label: t(`type.${value}`) })),
      },
    },
    {
      title: t('filters.category'),
      dataIndex: 'category',
      hideInTable: true,
      valueType: 'treeSelect',
      fieldProps: {
        treeData: categories,
        treeDefaultExpandAll: true,
        showSearch: true,
        treeNodeFilterProp: 'title',
        fieldNames: { label: 'title', value: 'value', children: 'children' },
      },
    },
    {
      title: t('filters.group'),
      dataIndex: 'wid',
      hideInTable: true,
      valueType: 'select',
      fieldProps: { options: groups, showSearch: true, optionFilterProp: 'label' },
    },
    {
      title: t('filters.assignee'),
      dataIndex: 'assignee',
      hideInTable: true,
      valueType: 'select',
      fieldProps: { options: colleagues, showSearch: true, optionFilterProp: 'label' },
    },
    { title: t('filters.created'), dataIndex: 'created', hideInTable: true, valueType: 'dateRange' },
    {
      title: t('columns.number'),
      key: 'ticketNumber',
      search: false,
      width: 110,
      render: (_, row) => row.ticketNumber,
    },
    {
      title: t('columns.title'),
      key: 'title',
      search: false,
      width: 260,
      render: (_, row) =>
        canGet ? (
          <Typography.Link strong onClick={() => openTicket(row.tkid)}>
            {row.title}
          </Typography.Link>
        ) : (
          <Typography.Text strong>{row.title}</Typography.Text>
        ),
    },
    {
      title: t('columns.status'),
      key: 'status',
      search: false,
      width: 110,
      render: (_, row) => <StatusTag status={row.status} />,
    },
    {
      title: t('columns.priority'),
      key: 'priority',
      search: false,
      width: 100,
      render: (_, row) => <PriorityTag priority={row.priority} />,
    },
    {
      title: t('columns.sla'),
      key: 'sla',
      search: false,
      width: 150,
      render: (_, row) => <SlaBadges ticket={row} />,
    },
    {
      title: t('columns.category'),
      key: 'categoryName',
      search: false,
      width: 120,
      render: (_, row) => row.category?.name ?? t('none'),
    },
    {
      title: t('columns.assignee'),
      key: 'assigneeName',
      search: false,
      width: 110,
      render: (_, row) => row.assignee?.nickname ?? t('unassigned'),
    },
    {
      title: t('columns.group'),
      key: 'group',
      search: false,
      width: 110,
      render: (_, row) => row.workgroup?.nickname ?? t('none'),
    },
    {
      title: t('columns.contact'),
      key: 'contact',
      search: false,
      width: 140,
      render: (_, row) => row.contactName || row.email || t('none'),
    },
    {
      title: t('columns.due'),
      key: 'due',
      search: false,
      width: 150,
      render: (_, row) => formatTime(row.dueAt),
    },
    {
      title: t('columns.createdAt'),
      key: 'createdAt',
      search: false,
      width: 150,
      render: (_, row) => formatTime(row.createdAt),
    },
  ];

  return (
    <div className="ok-ticket-list">
      <Tabs
        activeKey={view}
        onChange={(key) => {
          setView(key as TicketView);
          setSelected([]);
        }}
        items={views.map((key) => ({ key, label: t(`views.${key}`) }))}
      />
      <ProTable<Ticket, SearchFields & { view: TicketView; sort: Sort }>
        rowKey="tkid"
        headerTitle={t(titleKey)}
        actionRef={actionRef}
        columns={columns}
        params={{ view, sort }}
        request={request}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        scroll={{ x: 1420 }}
        locale={{ emptyText: t('empty') }}
        rowSelection={
          canEdit
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(String)),
                preserveSelectedRowKeys: false,
              }
            : false
        }
        tableAlertRender={({ selectedRowKeys }) => t('bulk.selected', { count: selectedRowKeys.length })}
        tableAlertOptionRender={() => (
          <Space size={12} wrap>
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: '', label: t('unassign') },
                  ...colleagues.map((option) => ({ key: option.value, label: option.label })),
                ],
                onClick: ({ key }) => void runBulk({ assignee: key === '' ? null : key }),
              }}
            >
              <Button size="small">
                {t('bulk.assign')} <DownOutlined />
              </Button>
            </Dropdown>
            <Dropdown
              trigger={['click']}
              menu={{
                items: STATUS_ACTIONS.map((action) => ({ key: action, label: t(`actions.${action}`) })),
                onClick: ({ key }) => confirmBulkAction(key as TicketAction),
              }}
            >
              <Button size="small">
                {t('bulk.status')} <DownOutlined />
              </Button>
            </Dropdown>
            <Dropdown
              trigger={['click']}
              menu={{
                items: ticketPriorityValues.map((value) => ({ key: value, label: t(`priority.${value}`) })),
                onClick: ({ key }) => void runBulk({ priority: key as Ticket['priority'] }),
              }}
            >
              <Button size="small">
                {t('bulk.priority')} <DownOutlined />
              </Button>
            </Dropdown>
            <Button size="small" type="link" onClick={() => setSelected([])}>
              {t('bulk.clear')}
            </Button>
          </Space>
        )}
        toolBarRender={() => [
          <Select<Sort>
            key="sort"
            aria-label={t('sort.label')}
            value={sort}
            onChange={setSort}
            style={{ width: 150 }}
            options={(['newest', 'priority', 'dueSoon'] as const).map((value) => ({
              value,
              label: t(`sort.${value}`),
            }))}
          />,
          canManage ? (
            <Button key="settings" icon={<SettingOutlined />} onClick={() => openSettings('sla')}>
              {t('settings.open')}
            </Button>
          ) : null,
          canAdd ? (
            <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => openTicket('new')}>
              {t('add')}
            </Button>
          ) : null,
        ]}
      />
      {opened === 'new' && canAdd && (
        <NewTicketDrawer
          onClose={closeDrawer}
          onCreated={(ticket) => {
            reload();
            setSearchParams(
              (params) => {
                params.set(TICKET_PARAM, ticket.tkid);
                return params;
              },
              { replace: true },
            );
          }}
        />
      )}
      {opened !== null && opened !== 'new' && (
        <TicketDetailDrawer key={opened} tkid={opened} onClose={closeDrawer} onChanged={reload} />
      )}
      {canManage && isSettingsTab(settingsTab) && (
        <TicketSettingsDrawer tab={settingsTab} onTab={openSettings} onClose={() => openSettings(null)} />
      )}
    </div>
  );
};
