import { useRef, useState } from 'react';
import { App, Button, Popconfirm } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { User } from '@openkefu/contract';
import { Can, useCan } from '../../../shared/components/Authorized';
import { usePageRequest } from '../../../shared/table/usePageRequest';
import { KEFU_NS } from '../shared/i18n';
import { PersonCell, WorkgroupTags } from '../shared/display';
import { reportUnlessHandled } from '../shared/errors';
import { createRobot, deleteRobot, fetchRobotPage, updateRobot } from '../shared/api';
import { ACCOUNT_PERMISSIONS } from './AgentTable';
import { RobotFormModal } from './RobotFormModal';
import { toRobotCreateBody, toRobotUpdateBody, type RobotFormValues } from './robotForm';

/** Robots tab of `/stable/kefu/account`: `GET /api/user/robot` with create, edit and delete. */
export const RobotTable = () => {
  const { t } = useTranslation(KEFU_NS);
  const { message } = App.useApp();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [editing, setEditing] = useState<User | null>(null);
  const [isFormOpen, setFormOpen] = useState(false);
  const request = usePageRequest<User, Record<string, never>>(fetchRobotPage, {
    onError: reportUnlessHandled,
  });

  const openForm = (robot: User | null) => {
    setEditing(robot);
    setFormOpen(true);
  };

  const submit = async (values: RobotFormValues) => {
    if (editing) await updateRobot(toRobotUpdateBody(editing.uid, values));
    else await createRobot(toRobotCreateBody(values));
    void message.success(t(editing ? 'account.robots.updated' : 'account.robots.created'));
    await actionRef.current?.reload();
  };

  const remove = async (robot: User) => {
    try {
      await deleteRobot(robot.uid);
      void message.success(t('account.robots.deleted'));
      await actionRef.current?.reload();
    } catch (error) {
      reportUnlessHandled(error);
    }
  };

  const canDo = useCan();
  const columns: ProColumns<User>[] = [
    {
      title: t('account.robots.columns.robot'),
      key: 'robot',
      width: 240,
      render: (_, robot) => (
        <PersonCell avatar={robot.avatar} name={robot.nickname} detail={robot.description} isRobot />
      ),
    },
    {
      title: t('account.robots.columns.robotType'),
      key: 'robotType',
      width: 160,
      render: (_, robot) => (robot.robotType ? t(`robotTypes.${robot.robotType}`) : t('common.none')),
    },
    {
      title: t('account.robots.columns.workGroups'),
      key: 'workGroups',
      render: (_, robot) => <WorkgroupTags workGroups={robot.workGroups} />,
    },
    {
      title: t('account.robots.columns.createdAt'),
      key: 'createdAt',
      width: 170,
      render: (_, robot) => dayjs(robot.createdAt).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('common.actions'),
      valueType: 'option',
      key: 'actions',
      fixed: 'right',
      width: 120,
      render: (_, robot) => [
        <Can key="edit" permission={ACCOUNT_PERMISSIONS.edit}>
          <a onClick={() => openForm(robot)}>{t('common.edit')}</a>
        </Can>,
        <Can key="delete" permission={ACCOUNT_PERMISSIONS.delete}>
          <Popconfirm
            title={t('account.robots.deleteConfirm', { name: robot.nickname })}
            okText={t('common.ok')}
            cancelText={t('common.cancel')}
            onConfirm={() => remove(robot)}
          >
            <a className="ok-danger-link">{t('common.delete')}</a>
          </Popconfirm>
        </Can>,
      ],
    },
  ];

  return (
    <>
      <ProTable<User>
        rowKey="uid"
        headerTitle={t('account.robots.title')}
        actionRef={actionRef}
        columns={
          canDo(ACCOUNT_PERMISSIONS.edit) || canDo(ACCOUNT_PERMISSIONS.delete)
            ? columns
            : columns.filter((column) => column.key !== 'actions')
        }
        request={request}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        search={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: t('account.robots.empty') }}
        toolBarRender={() => [
          <Can key="create" permission={ACCOUNT_PERMISSIONS.add}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
              {t('account.robots.create')}
            </Button>
          </Can>,
        ]}
      />
      <RobotFormModal open={isFormOpen} editing={editing} onOpenChange={setFormOpen} onSubmit={submit} />
    </>
  );
};
