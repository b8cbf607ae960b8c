import './i18n';
import { useRef, useState } from 'react';
import { App, Avatar, Button, Popconfirm, Space, Switch, Tooltip, Typography } from 'antd';
import { PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import { routeTypeValues, type Workgroup, type WorkgroupCreateBody } from '@openkefu/contract';
import { isHttpError } from '../../../shared/api/http';
import { parseError } from '../../../shared/api/parseError';
import { Can, useCan } from '../../../shared/components/Authorized';
import { notify } from '../../../shared/feedback/notify';
import { usePageRequest } from '../../../shared/table/usePageRequest';
import {
  createGroup,
  deleteGroup,
  fetchGroupPage,
  toggleGroupCollectMobile,
  toggleGroupRobot,
  updateGroup,
  type GroupFilters,
} from './api';
import { GROUP_OPTIONS_QUERY_KEYS, GroupFormDrawer } from './GroupFormDrawer';
import { reportUnlessHandled } from './report';
import { UserAvatar, displayNameOf } from './UserOption';
import { WEEKDAYS, summarizeWorkTimes } from './workTimes';

const PERMISSION = 'kefu.group';
const MAX_AVATARS = 5;

/**
 * A switch that flips at once and flips back when `onToggle` rejects. It follows `checked` when
 * the row is reloaded with a new value.
 */
const OptimisticSwitch = ({
  checked,
  disabled,
  label,
  onToggle,
}: {
  checked: boolean;
  disabled: boolean;
  label: string;
  onToggle: (next: boolean) => Promise<boolean>;
}) => {
  const [shown, setShown] = useState(checked);
  const [source, setSource] = useState(checked);
  const [isSaving, setSaving] = useState(false);
  if (source !== checked) {
    setSource(checked);
    setShown(checked);
  }
  return (
    <Switch
      size="small"
      checked={shown}
      loading={isSaving}
      disabled={disabled}
      aria-label={label}
      onChange={async (next) => {
        setShown(next);
        setSaving(true);
        const isSaved = await onToggle(next);
        setSaving(false);
        if (!isSaved) setShown(!next);
      }}
    />
  );
};

const Members = ({ group }: { group: Workgroup }) => {
  const { t } = useTranslation('kefuGroup');
  if (group.users.length === 0) return <Typography.Text type="secondary">{t('noMembers')}</Typography.Text>;
  return (
    <Avatar.Group max={{ count: MAX_AVATARS, popover: { trigger: 'hover' } }} size="small">
      {group.users.map((user) => (
        <Tooltip key={user.uid} title={displayNameOf(user)}>
          <span aria-label={displayNameOf(user)}>
            <UserAvatar user={user} />
          </span>
        </Tooltip>
      ))}
    </Avatar.Group>
  );
};

/**
 * Kefu → skill groups (`/stable/kefu/group`): the organisation's skill groups over
 * `GET /api/workgroup/query` and `/filter`, the robot switches right in the table, and a drawer
 * to create and edit a group with its members, robot, tips and work hours.
 */
export const GroupPage = () => {
  const { t } = useTranslation('kefuGroup');
  const { message } = App.useApp();
  const canDo = useCan();
  const queryClient = useQueryClient();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [editing, setEditing] = useState<Workgroup | null>(null);
  const [isFormOpen, setFormOpen] = useState(false);
  const request = usePageRequest<Workgroup, GroupFilters>(fetchGroupPage, { onError: reportUnlessHandled });
  const canEdit = canDo(`${PERMISSION}.edit`);

  const weekdayNames = WEEKDAYS.map((weekday) => t(`workTimes.weekdaysShort.${weekday}`));
  const describeWorkTimes = (group: Workgroup) => {
    const summary = summarizeWorkTimes(group.workTimes, {
      weekdays: weekdayNames,
      groupSeparator: t('workTimes.groupSeparator'),
    });
    return summary ? t('workTimes.summary', summary) : t('workTimes.alwaysOpen');
  };

  /** After a change: reload the table and forget the cached on-duty choices. */
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: GROUP_OPTIONS_QUERY_KEYS.groups });
    await actionRef.current?.reload();
  };

  const submit = async (body: WorkgroupCreateBody) => {
    if (editing) await updateGroup({ ...body, wid: editing.wid });
    else await createGroup(body);
    void message.success(t(editing ? 'updated' : 'created'));
    await refresh();
  };

  const remove = async (group: Workgroup) => {
    try {
      await deleteGroup(group.wid);
      void message.success(t('deleted'));
      await refresh();
    } catch (error) {
      // 409: open conversations, or another group's on-duty group; the server's message says which.
      reportUnlessHandled(error);
    }
  };

  const isRobotRequired = (error: unknown) => {
    const { fields } = parseError(error);
    return 'defaultRobot' in fields || 'robotUid' in fields;
  };

  const toggleRobot = async (group: Workgroup, next: boolean): Promise<boolean> => {
    const explainRobotRequired = () =>
      notify.warning({
        title: t('toggle.robotRequiredTitle'),
        description: t('toggle.robotRequired', { nickname: group.nickname }),
      });
    // Without a robot the server refuses; say what to do instead of flipping the switch back.
    if (next && !group.robotUid) {
      explainRobotRequired();
      return false;
    }
    try {
      await toggleGroupRobot(group.wid, next);
      void message.success(t(next ? 'toggle.robotOn' : 'toggle.robotOff', { nickname: group.nickname }));
      // The row (and the edit form it opens) must carry the new value.
      void actionRef.current?.reload();
      return true;
    } catch (error) {
      if (isHttpError(error) && error.status === 400 && isRobotRequired(error)) explainRobotRequired();
      else reportUnlessHandled(error, t('toggle.failed', { nickname: group.nickname }));
      return false;
    }
  };

  const toggleCollectMobile = async (group: Workgroup, next: boolean): Promise<boolean> => {
    try {
      await toggleGroupCollectMobile(group.wid, next);
      void message.success(
        t(next ? 'toggle.collectMobileOn' : 'toggle.collectMobileOff', { nickname: group.nickname }),
      );
      void actionRef.current?.reload();
      return true;
    } catch (error) {
      reportUnlessHandled(error, t('toggle.failed', { nickname: group.nickname }));
      return false;
    }
  };

  const openForm = (group: Workgroup | null) => {
    setEditing(group);
    setFormOpen(true);
  };

  const routeTypeEnum = Object.fromEntries(
    routeTypeValues.map((value) => [value, { text: t(`routeTypes.${value}`) }]),
  );

  const columns: ProColumns<Workgroup>[] = [
    {
      title: t('search'),
      dataIndex: 'nickname',
      hideInTable: true,
      fieldProps: { placeholder: t('searchPlaceholder') },
    },
    {
      title: t('columns.nickname'),
      dataIndex: 'nickname',
      key: 'group',
      search: false,
      width: 200,
      render: (_, group) => (
        <Space>
          <Avatar
            src={group.avatar || undefined}
            icon={group.avatar ? undefined : <TeamOutlined />}
            alt=""
            size="small"
          />
          <span>
            <Typography.Text strong>{group.nickname}</Typography.Text>
            {group.description && (
              <Typography.Text type="secondary" ellipsis style={{ display: 'block', maxWidth: 180 }}>
                {group.description}
              </Typography.Text>
            )}
          </span>
        </Space>
      ),
    },
    {
      title: t('columns.routeType'),
      dataIndex: 'routeType',
      search: false,
      width: 110,
      valueEnum: routeTypeEnum,
    },
    {
      title: t('columns.members'),
      dataIndex: 'users',
      search: false,
      width: 180,
      render: (_, group) => <Members group={group} />,
    },
    {
      title: t('columns.defaultRobot'),
      dataIndex: 'defaultRobot',
      search: false,
      width: 110,
      render: (_, group) => (
        <OptimisticSwitch
          checked={group.defaultRobot}
          disabled={!canEdit}
          label={`${t('columns.defaultRobot')}: ${group.nickname}`}
          onToggle={(next) => toggleRobot(group, next)}
        />
      ),
    },
    {
      title: t('columns.robotCollectMobile'),
      dataIndex: 'robotCollectMobile',
      search: false,
      width: 140,
      render: (_, group) => (
        <OptimisticSwitch
          checked={group.robotCollectMobile}
          disabled={!canEdit}
          label={`${t('columns.robotCollectMobile')}: ${group.nickname}`}
          onToggle={(next) => toggleCollectMobile(group, next)}
        />
      ),
    },
    {
      title: t('columns.workTimes'),
      dataIndex: 'workTimes',
      search: false,
      width: 280,
      render: (_, group) => {
        const text = describeWorkTimes(group);
        return (
          <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 264 }}>
            {text}
          </Typography.Text>
        );
      },
    },
    {
      title: t('columns.createdAt'),
      dataIndex: 'createdAt',
      search: false,
      width: 150,
      render: (_, group) => dayjs(group.createdAt).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('actions'),
      valueType: 'option',
      key: 'actions',
      fixed: 'right',
      width: 200,
      render: (_, group) => [
        <Can key="edit" permission={`${PERMISSION}.edit`}>
          <a onClick={() => openForm(group)}>{t('edit')}</a>
        </Can>,
        // The pre-chat form page is a hidden menu item: reached from here, opened on this group.
        <Can key="form" permission="kefu.form.get">
          <Link to={`/stable/kefu/form?wid=${encodeURIComponent(group.wid)}`}>{t('prechatForm')}</Link>
        </Can>,
        <Can key="delete" permission={`${PERMISSION}.delete`}>
          <Popconfirm
            title={t('deleteConfirm', { nickname: group.nickname })}
            description={<div style={{ maxWidth: 320 }}>{t('deleteHint')}</div>}
            okText={t('delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('cancel')}
            onConfirm={() => remove(group)}
          >
            <a className="ok-danger-link">{t('delete')}</a>
          </Popconfirm>
        </Can>,
      ],
    },
  ];

  return (
    <>
      <ProTable<Workgroup, GroupFilters>
        rowKey="wid"
        headerTitle={t('title')}
        actionRef={actionRef}
        columns={columns}
        request={request}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        search={{ labelWidth: 'auto' }}
        scroll={{ x: 1300 }}
        locale={{ emptyText: t('empty') }}
        toolBarRender={() => [
          <Can key="create" permission={`${PERMISSION}.add`}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
              {t('create')}
            </Button>
          </Can>,
        ]}
      />
      <GroupFormDrawer open={isFormOpen} editing={editing} onOpenChange={setFormOpen} onSubmit={submit} />
    </>
  );
};
