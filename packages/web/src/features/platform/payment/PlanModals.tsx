import { App, Button, Form, Input, InputNumber, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ProFormDigit,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { Plan, PlanSaveBody } from '@openkefu/contract';
import { BILLING_NS } from '../../billing/i18n';
import { ConfirmModalForm } from '../../billing/shared/ConfirmModalForm';
import { centsToYuan, yuanToCents } from '../../billing/shared/money';
import { assignPlan, savePlan } from './api';
import { SubDomainField } from './BillModals';

/** The form's prices are yuan (what staff think in); the contract's are cents. */
export type PlanForm = {
  name?: string;
  description?: string;
  monthly?: number;
  includedSeats?: number;
  seatMonthly?: number;
  includedTokens?: number;
  tokenMillion?: number;
  addOns?: { code?: string; name?: string; monthly?: number }[];
  enabled?: boolean;
  isDefault?: boolean;
};

export const planFormOf = (plan: Plan | null): PlanForm =>
  plan
    ? {
        name: plan.name,
        description: plan.description,
        monthly: centsToYuan(plan.monthlyCents),
        includedSeats: plan.includedSeats,
        seatMonthly: centsToYuan(plan.seatMonthlyCents),
        includedTokens: plan.includedTokens,
        tokenMillion: centsToYuan(plan.tokenMillionCents),
        addOns: plan.addOns.map((addOn) => ({
          code: addOn.code,
          name: addOn.name,
          monthly: centsToYuan(addOn.monthlyCents),
        })),
        enabled: plan.enabled,
        isDefault: plan.isDefault,
      }
    : { enabled: true, isDefault: false, includedSeats: 0, includedTokens: 0, addOns: [] };

export const planBodyOf = (values: PlanForm, pid?: string): PlanSaveBody => ({
  ...(pid ? { pid } : {}),
  name: values.name?.trim() ?? '',
  description: values.description?.trim() ?? '',
  monthlyCents: yuanToCents(values.monthly ?? 0),
  includedSeats: values.includedSeats ?? 0,
  seatMonthlyCents: yuanToCents(values.seatMonthly ?? 0),
  includedTokens: values.includedTokens ?? 0,
  tokenMillionCents: yuanToCents(values.tokenMillion ?? 0),
  addOns: (values.addOns ?? []).map((addOn) => ({
    code: addOn.code?.trim() ?? '',
    name: addOn.name?.trim() ?? '',
    monthlyCents: yuanToCents(addOn.monthly ?? 0),
  })),
  enabled: values.enabled ?? true,
  isDefault: values.isDefault ?? false,
});

const ADD_ON_CODE = /^[a-z][a-z0-9_]{1,31}$/;
const MAX_ADD_ONS = 20;

/** The add-ons a plan offers: a code (used in bills), a name and a monthly price each. */
const AddOnsEditor = () => {
  const { t } = useTranslation(BILLING_NS);
  return (
    <Form.Item
      label={t('platformPayment.plan.fields.addOns')}
      tooltip={t('platformPayment.plan.help.addOns')}
    >
      <Form.List name="addOns">
        {(fields, { add, remove }) => (
          <Space orientation="vertical" style={{ width: '100%' }}>
            {fields.map((field, index) => (
              <Space key={field.key} align="start" wrap>
                <Form.Item
                  name={[field.name, 'code']}
                  rules={[
                    {
                      required: true,
                      message: t('platformPayment.plan.validation.addOnCodeRequired', { index: index + 1 }),
                    },
                    {
                      pattern: ADD_ON_CODE,
                      message: t('platformPayment.plan.validation.addOnCode', { index: index + 1 }),
                    },
                  ]}
                >
                  <Input
                    placeholder={t('platformPayment.plan.fields.addOnCode')}
                    aria-label={t('platformPayment.plan.fields.addOnCodeOf', { index: index + 1 })}
                    style={{ width: 140 }}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'name']}
                  rules={[
                    {
                      required: true,
                      whitespace: true,
                      message: t('platformPayment.plan.validation.addOnNameRequired', { index: index + 1 }),
                    },
                    { max: 64, message: t('common.tooLong', { max: 64 }) },
                  ]}
                >
                  <Input
                    placeholder={t('platformPayment.plan.fields.addOnName')}
                    aria-label={t('platformPayment.plan.fields.addOnNameOf', { index: index + 1 })}
                    style={{ width: 180 }}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'monthly']}
                  rules={[
                    {
                      required: true,
                      message: t('platformPayment.plan.validation.addOnPriceRequired', { index: index + 1 }),
                    },
                  ]}
                >
                  <InputNumber<number>
                    min={0}
                    precision={2}
                    prefix="¥"
                    placeholder={t('platformPayment.plan.fields.addOnMonthly')}
                    aria-label={t('platformPayment.plan.fields.addOnMonthlyOf', { index: index + 1 })}
                    style={{ width: 140 }}
                  />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={t('platformPayment.plan.removeAddOn', { index: index + 1 })}
                  onClick={() => remove(field.name)}
                />
              </Space>
            ))}
            {fields.length < MAX_ADD_ONS && (
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ monthly: 0 })}>
                {t('platformPayment.plan.addAddOn')}
              </Button>
            )}
          </Space>
        )}
      </Form.List>
    </Form.Item>
  );
};

const priceRules = (required: string) => [{ required: true, message: required }];

/** Create or change a plan: prices in yuan here, cents on the wire. */
export const PlanFormModal = ({
  plan,
  onClose,
  onDone,
}: {
  plan: Plan | null;
  onClose: () => void;
  onDone: () => void;
}) => {
  const { t } = useTranslation(BILLING_NS);
  const { message } = App.useApp();
  return (
    <ConfirmModalForm<PlanForm>
      name="platform-plan"
      title={
        plan
          ? t('platformPayment.plan.editTitle', { name: plan.name })
          : t('platformPayment.plan.createTitle')
      }
      width={720}
      onClose={onClose}
      initialValues={planFormOf(plan)}
      submitText={t('common.save')}
      onSubmit={async (values) => {
        const saved = await savePlan(planBodyOf(values, plan?.pid));
        void message.success(t('platformPayment.plan.saved', { name: saved.name }));
        onDone();
      }}
    >
      <ProFormText
        name="name"
        label={t('platformPayment.plan.fields.name')}
        rules={[
          { required: true, whitespace: true, message: t('platformPayment.plan.validation.nameRequired') },
          { max: 64, message: t('common.tooLong', { max: 64 }) },
        ]}
      />
      <ProFormTextArea
        name="description"
        label={t('platformPayment.plan.fields.description')}
        rules={[{ max: 500, message: t('common.tooLong', { max: 500 }) }]}
        fieldProps={{ rows: 2, maxLength: 500, showCount: true }}
      />
      <ProFormDigit
        name="monthly"
        label={t('platformPayment.plan.fields.monthly')}
        min={0}
        fieldProps={{ precision: 2, prefix: '¥' }}
        rules={priceRules(t('platformPayment.plan.validation.monthlyRequired'))}
      />
      <Space wrap size="large">
        <ProFormDigit
          name="includedSeats"
          label={t('platformPayment.plan.fields.includedSeats')}
          min={0}
          max={100_000}
          fieldProps={{ precision: 0 }}
          rules={priceRules(t('platformPayment.plan.validation.includedSeatsRequired'))}
        />
        <ProFormDigit
          name="seatMonthly"
          label={t('platformPayment.plan.fields.seatMonthly')}
          min={0}
          fieldProps={{ precision: 2, prefix: '¥' }}
          rules={priceRules(t('platformPayment.plan.validation.seatMonthlyRequired'))}
        />
      </Space>
      <Space wrap size="large">
        <ProFormDigit
          name="includedTokens"
          label={t('platformPayment.plan.fields.includedTokens')}
          min={0}
          fieldProps={{ precision: 0, step: 100_000 }}
          rules={priceRules(t('platformPayment.plan.validation.includedTokensRequired'))}
        />
        <ProFormDigit
          name="tokenMillion"
          label={t('platformPayment.plan.fields.tokenMillion')}
          min={0}
          fieldProps={{ precision: 2, prefix: '¥' }}
          rules={priceRules(t('platformPayment.plan.validation.tokenMillionRequired'))}
        />
      </Space>
      <AddOnsEditor />
      <Space size="large">
        <ProFormSwitch name="enabled" label={t('platformPayment.plan.fields.enabled')} />
        <ProFormSwitch
          name="isDefault"
          label={t('platformPayment.plan.fields.isDefault')}
          tooltip={t('platformPayment.plan.help.isDefault')}
        />
      </Space>
    </ConfirmModalForm>
  );
};

type AssignForm = { subDomain?: string; pid?: string };

/** Put an organisation on a plan, from its next bill on. */
export const AssignPlanModal = ({
  plans,
  pid,
  onClose,
  onDone,
}: {
  plans: Plan[];
  pid?: string;
  onClose: () => void;
  onDone: () => void;
}) => {
  const { t } = useTranslation(BILLING_NS);
  const { message } = App.useApp();
  return (
    <ConfirmModalForm<AssignForm>
      name="platform-plan-assign"
      title={t('platformPayment.plan.assignTitle')}
      onClose={onClose}
      initialValues={{ pid }}
      submitText={t('platformPayment.plan.assign')}
      onSubmit={async (values) => {
        const plan = await assignPlan({ subDomain: values.subDomain?.trim() ?? '', pid: values.pid ?? '' });
        void message.success(
          t('platformPayment.plan.assigned', { subDomain: values.subDomain?.trim(), name: plan.name }),
        );
        onDone();
      }}
    >
      <Typography.Paragraph type="secondary">{t('platformPayment.plan.help.assign')}</Typography.Paragraph>
      <SubDomainField />
      <ProFormSelect
        name="pid"
        label={t('platformPayment.plan.fields.plan')}
        options={plans.filter((plan) => plan.enabled).map((plan) => ({ value: plan.pid, label: plan.name }))}
        rules={[{ required: true, message: t('platformPayment.plan.validation.planRequired') }]}
      />
    </ConfirmModalForm>
  );
};
