import { useState } from 'react';
import { App, Button, Card, Popconfirm, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Plan } from '@openkefu/contract';
import { Can } from '../../../shared/components/Authorized';
import { useLanguage } from '../../../shared/i18n';
import { BILLING_NS } from '../../billing/i18n';
import { LoadError } from '../../billing/components/LoadError';
import { formatTokens } from '../../billing/shared/money';
import { useMoney } from '../../billing/shared/useMoney';
import { reportUnlessHandled } from '../shared/reportError';
import { deletePlan, fetchPlans, PLANS_QUERY_KEY } from './api';
import { AssignPlanModal, PlanFormModal } from './PlanModals';

type Dialog = { kind: 'edit'; plan: Plan | null } | { kind: 'assign'; pid?: string } | null;

/** The price lists: what a month costs, what is included, the add-ons; who is on each. */
export const PlansTab = () => {
  const { t } = useTranslation(BILLING_NS);
  const { message } = App.useApp();
  const money = useMoney();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const plans = useQuery({ queryKey: PLANS_QUERY_KEY, queryFn: fetchPlans });
  const [dialog, setDialog] = useState<Dialog>(null);
  const reload = () => void queryClient.invalidateQueries({ queryKey: PLANS_QUERY_KEY });

  const remove = async (plan: Plan) => {
    try {
      await deletePlan(plan.pid);
      void message.success(t('platformPayment.plan.deleted', { name: plan.name }));
      reload();
    } catch (error) {
      reportUnlessHandled(error);
    }
  };

  const columns: TableColumnsType<Plan> = [
    {
      title: t('platformPayment.plan.fields.name'),
      dataIndex: 'name',
      width: 240,
      render: (_, plan) => (
        <Space orientation="vertical" size={0}>
          <Space size={4}>
            <Typography.Text strong>{plan.name}</Typography.Text>
            {plan.isDefault && <Tag color="blue">{t('platformPayment.plan.default')}</Tag>}
            {!plan.enabled && <Tag>{t('common.disabled')}</Tag>}
          </Space>
          {plan.description && <Typography.Text type="secondary">{plan.description}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: t('platformPayment.plan.columns.monthly'),
      dataIndex: 'monthlyCents',
      align: 'right',
      width: 130,
      render: (_, plan) => money(plan.monthlyCents),
    },
    {
      title: t('platformPayment.plan.columns.seats'),
      key: 'seats',
      width: 220,
      render: (_, plan) =>
        t('platformPayment.plan.columns.seatsText', {
          count: plan.includedSeats,
          price: money(plan.seatMonthlyCents),
        }),
    },
    {
      title: t('platformPayment.plan.columns.tokens'),
      key: 'tokens',
      width: 220,
      render: (_, plan) =>
        t('platformPayment.plan.columns.tokensText', {
          tokens: formatTokens(plan.includedTokens, language),
          price: money(plan.tokenMillionCents),
        }),
    },
    {
      title: t('platformPayment.plan.fields.addOns'),
      key: 'addOns',
      width: 200,
      render: (_, plan) =>
        plan.addOns.length === 0 ? (
          '—'
        ) : (
          <Space size={[4, 4]} wrap>
            {plan.addOns.map((addOn) => (
              <Tag key={addOn.code} title={addOn.code}>
                {addOn.name} · {money(addOn.monthlyCents)}
              </Tag>
            ))}
          </Space>
        ),
    },
    {
      title: t('platformPayment.plan.columns.organizations'),
      dataIndex: 'organizations',
      align: 'right',
      width: 120,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 180,
      fixed: 'right',
      render: (_, plan) => (
        <Can permission="platform.payment.edit">
          <Space>
            <a onClick={() => setDialog({ kind: 'edit', plan })}>{t('common.edit')}</a>
            {plan.enabled && (
              <a onClick={() => setDialog({ kind: 'assign', pid: plan.pid })}>
                {t('platformPayment.plan.assignShort')}
              </a>
            )}
            <Popconfirm
              title={t('platformPayment.plan.deleteConfirm', { name: plan.name })}
              description={t('platformPayment.plan.deleteHelp')}
              okText={t('common.delete')}
              okButtonProps={{ danger: true }}
              cancelText={t('common.cancel')}
              onConfirm={() => remove(plan)}
              disabled={plan.isDefault || plan.organizations > 0}
            >
              <Typography.Link
                type="danger"
                disabled={plan.isDefault || plan.organizations > 0}
                title={
                  plan.isDefault || plan.organizations > 0
                    ? t('platformPayment.plan.cannotDelete')
                    : undefined
                }
              >
                {t('common.delete')}
              </Typography.Link>
            </Popconfirm>
          </Space>
        </Can>
      ),
    },
  ];

  if (plans.isError) return <LoadError error={plans.error} onRetry={() => void plans.refetch()} />;

  return (
    <Card
      title={t('platformPayment.plan.title')}
      extra={
        <Can permission="platform.payment.edit">
          <Space>
            <Button onClick={() => setDialog({ kind: 'assign' })}>{t('platformPayment.plan.assign')}</Button>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDialog({ kind: 'edit', plan: null })}
            >
              {t('platformPayment.plan.create')}
            </Button>
          </Space>
        </Can>
      }
    >
      <Table<Plan>
        rowKey="pid"
        columns={columns}
        dataSource={plans.data}
        loading={plans.isPending}
        pagination={false}
        scroll={{ x: 1310 }}
        locale={{ emptyText: t('platformPayment.plan.empty') }}
      />
      {dialog?.kind === 'edit' && (
        <PlanFormModal
          key={dialog.plan?.pid ?? 'new'}
          plan={dialog.plan}
          onClose={() => setDialog(null)}
          onDone={reload}
        />
      )}
      {dialog?.kind === 'assign' && (
        <AssignPlanModal
          plans={plans.data ?? []}
          pid={dialog.pid}
          onClose={() => setDialog(null)}
          onDone={reload}
        />
      )}
    </Card>
  );
};
