import '../shared/i18n';
import '../shared/robot.css';
import { useRef, useState } from 'react';
import { App, Avatar, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import { PlusOutlined, RobotOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { User } from '@openkefu/contract';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { useCan } from '../../../shared/components/Authorized';
import { useListRefresh } from '../../../shared/table/useListRefresh';
import { usePageRequest } from '../../../shared/table/usePageRequest';
import { deleteRobot, fetchRobotPage } from '../shared/api';
import { formatScore, NameTags } from '../shared/display';
import { useRobotSettings } from '../shared/hooks';
import { ROBOT_NS } from '../shared/i18n';
import { accountPermission, robotPermission } from '../shared/permissions';
import { RobotFormModal } from './RobotFormModal';
import { RobotSettingsDrawer } from './RobotSettingsDrawer';

/** The robot's not-found tip and thresholds, from its settings (cached for the settings drawer). */
const SettingsCell = ({ uid, part }: { uid: string; part: 'tip' | 'thresholds' }) => {
  const { t } = useTranslation(ROBOT_NS);
  const settings = useRobotSettings(uid);
  if (settings.isPending) return <Typography.Text type="secondary">…</Typography.Text>;
  if (!settings.data) return <Typography.Text type="secondary">{t('common.none')}</Typography.Text>;
  if (part === 'tip')
    return settings.data.notFoundTip ? (
      <Typography.Paragraph ellipsis={{ rows: 2, tooltip: settings.data.notFoundTip }} style={{ margin: 0 }}>
        {settings.data.notFoundTip}
      </Typography.Paragraph>
    ) : (
      <Typography.Text type="secondary">{t('list.groupTip')}</Typography.Text>
    );
  return (
    <span>
      {t('list.thresholdValue', {
        answer: formatScore(settings.data.threshold),
        suggest: formatScore(settings.data.suggestThreshold),
      })}
    </span>
  );
};

/**
 * Robot → robots (`/stable/robot/list`, the section's default): the organisation's robots with
 * their type, welcome, not-found tip, thresholds and skill groups; add, edit and delete, and each
 * robot's answering settings with a test box beside them.
 */
export const RobotListPage = () => {
  const { t } = useTranslation(ROBOT_NS);
  const { message: toast } = App.useApp();
  const canDo = useCan();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [editing, setEditing] = useState<User | null | undefined>(undefined);
  const [configuring, setConfiguring] = useState<User | null>(null);
  const request = usePageRequest<User>(fetchRobotPage, { onError: reportUnlessHandled });
  const { polling } = useListRefresh(actionRef);

  const canAdd = canDo(accountPermission('add'));
  const canEdit = canDo(accountPermission('edit'));
  const canDelete = canDo(accountPermission('delete'));
  const canSeeSettings = canDo(robotPermission('list', 'get'));
  const canEditSettings = canDo(robotPermission('list', 'edit'));

  const reload = () => void actionRef.current?.reload();

  const remove = async (robot: User) => {
    try {
      await deleteRobot(robot.uid);
      void toast.success(t('list.deleted', { name: robot.nickname }));
      reload();
    } catch (error) {
      reportUnlessHandled(error);
    }
  };

  const columns: ProColumns<User>[] = [
    {
      title: t('list.columns.robot'),
      key: 'robot',
      width: 220,
      render: (_, robot) => (
        <Space>
          <Avatar src={robot.avatar || undefined} icon={<RobotOutlined />} alt="" />
          <span>
            <Typography.Text strong>{robot.nickname}</Typography.Text>
            {robot.description && (
              <>
                <br />
                <Typography.Text type="secondary" ellipsis={{ tooltip: robot.description }}>
                  {robot.description}
                </Typography.Text>
              </>
            )}
          </span>
        </Space>
      ),
    },
    {
      title: t('list.columns.robotType'),
      key: 'robotType',
      width: 150,
      render: (_, robot) =>
        robot.robotType ? <Tag color="blue">{t(`robotTypes.${robot.robotType}`)}</Tag> : t('common.none'),
    },
    {
      title: t('list.columns.welcomeTip'),
      key: 'welcomeTip',
      width: 200,
      render: (_, robot) =>
        robot.welcomeTip ? (
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: robot.welcomeTip }} style={{ margin: 0 }}>
            {robot.welcomeTip}
          </Typography.Paragraph>
        ) : (
          <Typography.Text type="secondary">{t('common.none')}</Typography.Text>
        ),
    },
    ...(canSeeSettings
      ? ([
          {
            title: t('list.columns.notFoundTip'),
            key: 'notFoundTip',
            width: 200,
            render: (_, robot) => <SettingsCell uid={robot.uid} part="tip" />,
          },
          {
            title: t('list.columns.thresholds'),
            key: 'thresholds',
            width: 160,
            render: (_, robot) => <SettingsCell uid={robot.uid} part="thresholds" />,
          },
        ] satisfies ProColumns<User>[])
      : []),
    {
      title: t('list.columns.workGroups'),
      key: 'workGroups',
      width: 180,
      render: (_, robot) => (
        <NameTags
          names={robot.workGroups.map((group) => ({ key: group.wid, name: group.nickname }))}
          emptyText={t('list.noGroups')}
        />
      ),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      valueType: 'option',
      width: 180,
      fixed: 'right',
      render: (_, robot) => [
        canSeeSettings ? (
          <a key="settings" onClick={() => setConfiguring(robot)}>
            {t('list.settingsAndTest')}
          </a>
        ) : null,
        canEdit ? (
          <a key="edit" onClick={() => setEditing(robot)}>
            {t('actions.edit')}
          </a>
        ) : null,
        canDelete ? (
          <Popconfirm
            key="delete"
            title={t('list.deleteConfirm', { name: robot.nickname })}
            description={t('list.deleteHint')}
            okText={t('actions.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('actions.cancel')}
            onConfirm={() => remove(robot)}
          >
            <a className="ok-danger-link">{t('actions.delete')}</a>
          </Popconfirm>
        ) : null,
      ],
    },
  ];

  return (
    <>
      <ProTable<User>
        rowKey="uid"
        headerTitle={t('list.title')}
        actionRef={actionRef}
        columns={columns}
        request={request}
        polling={polling}
        search={false}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        scroll={{ x: 1200 }}
        locale={{ emptyText: t('list.empty') }}
        toolBarRender={() => [
          canAdd ? (
            <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {t('list.add')}
            </Button>
          ) : null,
        ]}
      />
      <RobotFormModal
        editing={editing}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          reload();
        }}
      />
      <RobotSettingsDrawer
        robot={configuring}
        canEdit={canEditSettings}
        onClose={() => setConfiguring(null)}
      />
    </>
  );
};
