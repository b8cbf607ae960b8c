import { App } from 'antd';
import {
  ProFormDateTimeRangePicker,
  ProFormDependency,
  ProFormDigit,
  ProFormRadio,
  ProFormSwitch,
  ProFormText,
} from '@ant-design/pro-components';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Promotion, PromotionSaveBody } from '@openkefu/contract';
import { BILLING_NS } from '../../billing/i18n';
import { ConfirmModalForm } from '../../billing/shared/ConfirmModalForm';
import { centsToYuan, yuanToCents } from '../../billing/shared/money';
import { useMoney } from '../../billing/shared/useMoney';
import { savePromotion } from './api';

/** Form values: money in yuan, the validity as a date-time range. */
export type PromotionForm = {
  code?: string;
  kind?: 'percent' | 'amount';
  /** percent: whole %; amount: yuan. */
  value?: number;
  min?: number;
  range?: [unknown, unknown];
  usageLimit?: number | null;
  enabled?: boolean;
};

const CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

export const promotionFormOf = (promotion: Promotion | null): PromotionForm =>
  promotion
    ? {
        code: promotion.code,
        kind: promotion.kind,
        value: promotion.kind === 'amount' ? centsToYuan(promotion.value) : promotion.value,
        min: centsToYuan(promotion.minCents),
        range: [dayjs(promotion.startsAt), dayjs(promotion.endsAt)],
        usageLimit: promotion.usageLimit,
        enabled: promotion.enabled,
      }
    : {
        kind: 'percent',
        min: 0,
        range: [dayjs().startOf('day'), dayjs().add(1, 'month').endOf('day')],
        usageLimit: null,
        enabled: true,
      };

/** Date-time pickers hand over dayjs values or, once formatted by ProForm, strings: both as ms. */
const toTime = (value: unknown): number => dayjs(value as string).valueOf();

export const promotionBodyOf = (values: PromotionForm, prid?: string): PromotionSaveBody => {
  const kind = values.kind ?? 'percent';
  return {
    ...(prid ? { prid } : {}),
    code: values.code?.trim().toUpperCase() ?? '',
    kind,
    value: kind === 'amount' ? yuanToCents(values.value ?? 0) : Math.round(values.value ?? 0),
    minCents: yuanToCents(values.min ?? 0),
    startsAt: toTime(values.range?.[0]),
    endsAt: toTime(values.range?.[1]),
    usageLimit: values.usageLimit ?? null,
    enabled: values.enabled ?? true,
  };
};

/** Create or change a promotion code. */
export const PromotionModal = ({
  promotion,
  onClose,
  onDone,
}: {
  promotion: Promotion | null;
  onClose: () => void;
  onDone: () => void;
}) => {
  const { t } = useTranslation(BILLING_NS);
  const { message } = App.useApp();
  const money = useMoney();
  return (
    <ConfirmModalForm<PromotionForm>
      name="platform-promotion"
      title={
        promotion
          ? t('marketing.promotion.editTitle', { code: promotion.code })
          : t('marketing.promotion.createTitle')
      }
      width={600}
      onClose={onClose}
      initialValues={promotionFormOf(promotion)}
      submitText={t('common.save')}
      onSubmit={async (values) => {
        const saved = await savePromotion(promotionBodyOf(values, promotion?.prid));
        void message.success(t('marketing.promotion.saved', { code: saved.code }));
        onDone();
      }}
    >
      <ProFormText
        name="code"
        label={t('marketing.promotion.fields.code')}
        tooltip={t('marketing.promotion.help.code')}
        fieldProps={{ maxLength: 32 }}
        rules={[
          { required: true, whitespace: true, message: t('marketing.promotion.validation.codeRequired') },
          {
            validator: async (_: unknown, value: string | undefined) => {
              if (!value || value.trim() === '') return;
              if (!CODE_PATTERN.test(value.trim().toUpperCase()))
                throw new Error(t('marketing.promotion.validation.code'));
            },
          },
        ]}
      />
      <ProFormRadio.Group
        name="kind"
        label={t('marketing.promotion.fields.kind')}
        radioType="button"
        options={[
          { value: 'percent', label: t('marketing.promotion.kind.percent') },
          { value: 'amount', label: t('marketing.promotion.kind.amount') },
        ]}
        rules={[{ required: true, message: t('marketing.promotion.validation.kindRequired') }]}
      />
      <ProFormDependency name={['kind']}>
        {({ kind }: PromotionForm) =>
          kind === 'amount' ? (
            <ProFormDigit
              key="amount"
              name="value"
              label={t('marketing.promotion.fields.valueAmount')}
              fieldProps={{ precision: 2, prefix: '¥' }}
              rules={[
                { required: true, message: t('marketing.promotion.validation.valueRequired') },
                {
                  validator: async (_: unknown, value: number | null | undefined) => {
                    if (value !== null && value !== undefined && yuanToCents(value) < 1)
                      throw new Error(t('marketing.promotion.validation.valueAmount'));
                  },
                },
              ]}
            />
          ) : (
            <ProFormDigit
              key="percent"
              name="value"
              label={t('marketing.promotion.fields.valuePercent')}
              fieldProps={{ precision: 0, suffix: '%' }}
              rules={[
                { required: true, message: t('marketing.promotion.validation.valueRequired') },
                {
                  type: 'number',
                  min: 1,
                  max: 100,
                  message: t('marketing.promotion.validation.valuePercent'),
                },
              ]}
            />
          )
        }
      </ProFormDependency>
      <ProFormDigit
        name="min"
        label={t('marketing.promotion.fields.min')}
        tooltip={t('marketing.promotion.help.min', { example: money(10_000) })}
        fieldProps={{ precision: 2, prefix: '¥' }}
        rules={[{ required: true, message: t('marketing.promotion.validation.minRequired') }]}
      />
      <ProFormDateTimeRangePicker
        name="range"
        label={t('marketing.promotion.fields.range')}
        fieldProps={{ style: { width: '100%' } }}
        rules={[
          { required: true, message: t('marketing.promotion.validation.rangeRequired') },
          {
            validator: async (_: unknown, value: [unknown, unknown] | undefined) => {
              if (!value?.[0] || !value[1]) return;
              if (toTime(value[1]) <= toTime(value[0]))
                throw new Error(t('marketing.promotion.validation.range'));
            },
          },
        ]}
      />
      <ProFormDigit
        name="usageLimit"
        label={t('marketing.promotion.fields.usageLimit')}
        tooltip={t('marketing.promotion.help.usageLimit')}
        placeholder={t('common.unlimited')}
        fieldProps={{ precision: 0 }}
        rules={[
          {
            type: 'number',
            min: 1,
            message: t('marketing.promotion.validation.usageLimit'),
          },
        ]}
      />
      <ProFormSwitch name="enabled" label={t('marketing.promotion.fields.enabled')} />
    </ConfirmModalForm>
  );
};
