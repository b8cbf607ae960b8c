import '../shared/i18n';
import '../shared/robot.css';
import { useState } from 'react';
import { Alert, App, Button, Empty, Form, Popconfirm, Select, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { QuickButton } from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { useCan } from '../../../shared/components/Authorized';
import { deleteQuickButton, fetchQuickButtons } from '../shared/api';
import { useWorkgroupOptions } from '../shared/hooks';
import { ROBOT_NS } from '../shared/i18n';
import { robotPermission } from '../shared/permissions';
import { QuickButtonFormModal } from './QuickButtonFormModal';

const ACTION_COLORS = { send: 'blue', link: 'purple', transfer: 'orange' } as const;

/**
 * Robot → quick buttons (`/stable/robot/quickbutton`): the buttons a skill group's robot offers
 * under its welcome, per group — label, what it does (send a text, open a link, ask for an agent)
 * and their order.
 */
export const QuickButtonPage = () => {
  const { t } = useTranslation(ROBOT_NS);
  const { message: toast } = App.useApp();
  const canDo = useCan();
  const workgroups = useWorkgroupOptions();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [editing, setEditing] = useState<QuickButton | null | undefined>(undefined);
  const wid = chosen ?? workgroups.options[0]?.value;

  const buttons = useQuery({
    queryKey: ['robot', 'quickbuttons', wid],
    queryFn: () => fetchQuickButtons(wid as string),
    enabled: wid !== undefined,
  });

  const canAdd = canDo(robotPermission('quickbutton', 'add'));
  const canEdit = canDo(robotPermission('quickbutton', 'edit'));
  const canDelete = canDo(robotPermission('quickbutton', 'delete'));
  const rows = buttons.data ?? [];
  const nextOrder = rows.reduce((max, row) => Math.max(max, row.order + 1), 0);

  const remove = async (button: QuickButton) => {
    try {
      await deleteQuickButton(button.qbid);
      void toast.success(t('quickbutton.deleted', { label: button.label }));
      void buttons.refetch();
    } catch (error) {
      reportUnlessHandled(error);
    }
  };

  if (workgroups.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('quickbutton.groupsFailed')}
        description={parseError(workgroups.error).message}
      />
    );
  if (!workgroups.isLoading && workgroups.options.length === 0)
    return <Empty description={t('quickbutton.noGroups')} />;

  return (
    <div className="ok-robot-quickbutton">
      <Form layout="inline" className="ok-robot-quickbutton__picker">
        <Form.Item label={t('quickbutton.group')} htmlFor="robot-quickbutton-group">
          <Select
            id="robot-quickbutton-group"
            style={{ minWidth: 220 }}
            loading={workgroups.isLoading}
            options={workgroups.options}
            value={wid}
            onChange={setChosen}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        {canAdd && wid !== undefined && (
          <Form.Item>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {t('quickbutton.add')}
            </Button>
          </Form.Item>
        )}
      </Form>
      {buttons.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('quickbutton.loadFailed')}
          description={parseError(buttons.error).message}
          action={<Button onClick={() => void buttons.refetch()}>{t('actions.retry')}</Button>}
        />
      ) : (
        <Table<QuickButton>
          rowKey="qbid"
          loading={buttons.isFetching || workgroups.isLoading}
          dataSource={rows}
          pagination={false}
          locale={{ emptyText: t('quickbutton.empty') }}
          columns={[
            { title: t('quickbutton.fields.order'), dataIndex: 'order', width: 80 },
            {
              title: t('quickbutton.fields.label'),
              dataIndex: 'label',
              width: 200,
              render: (label: string) => <Typography.Text strong>{label}</Typography.Text>,
            },
            {
              title: t('quickbutton.fields.action'),
              dataIndex: 'action',
              width: 140,
              render: (action: QuickButton['action']) => (
                <Tag color={ACTION_COLORS[action]}>{t(`quickbutton.actions.${action}`)}</Tag>
              ),
            },
            {
              title: t('quickbutton.fields.content'),
              dataIndex: 'content',
              render: (content: string, row) =>
                row.action === 'transfer' ? (
                  <Typography.Text type="secondary">{t('quickbutton.transferContent')}</Typography.Text>
                ) : (
                  <Typography.Text ellipsis={{ tooltip: content }}>{content}</Typography.Text>
                ),
            },
            ...(canEdit || canDelete
              ? [
                  {
                    title: t('columns.actions'),
                    key: 'actions',
                    width: 130,
                    render: (_: unknown, row: QuickButton) => (
                      <span className="ok-robot-quickbutton__actions">
                        {canEdit && (
                          <Button type="link" size="small" onClick={() => setEditing(row)}>
                            {t('actions.edit')}
                          </Button>
                        )}
                        {canDelete && (
                          <Popconfirm
                            title={t('quickbutton.deleteConfirm', { label: row.label })}
                            okText={t('actions.delete')}
                            okButtonProps={{ danger: true }}
                            cancelText={t('actions.cancel')}
                            onConfirm={() => remove(row)}
                          >
                            <Button type="link" size="small" danger>
                              {t('actions.delete')}
                            </Button>
                          </Popconfirm>
                        )}
                      </span>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {wid !== undefined && (
        <QuickButtonFormModal
          wid={wid}
          editing={editing}
          nextOrder={nextOrder}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            void buttons.refetch();
          }}
        />
      )}
    </div>
  );
};
