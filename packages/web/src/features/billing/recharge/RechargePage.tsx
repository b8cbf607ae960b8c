import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Skeleton,
  Space,
  Statistic,
  Typography,
} from 'antd';
import { AlipayCircleOutlined, WechatOutlined } from '@ant-design/icons';
import type { ActionType } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  rechargeMaxCents,
  rechargeMinCents,
  rechargePresetCents,
  type BillingOverview,
  type PaymentProviderValue,
  type PromotionCheck,
  type RechargeOrder,
} from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import {
  checkPromotion,
  createRecharge,
  fetchOverview,
  OVERVIEW_QUERY_KEY,
  type RechargeCreate,
} from '../api';
import { LoadError } from '../components/LoadError';
import { ValidityText } from '../components/ValidityText';
import { BILLING_NS } from '../i18n';
import { yuanToCents } from '../shared/money';
import type { SubscribeRechargeEvents } from '../shared/rechargeEvents';
import { useMoney } from '../shared/useMoney';
import { useConsoleEvent } from '../../../shared/realtime/ConsoleFeed';
import { PayModal } from './PayModal';
import { RechargeOrdersTable } from './RechargeOrdersTable';
import '../billing.css';

/** Where a user turns WeChat Pay and Alipay on for themselves (spec §3 per-user settings). */
export const PAYMENT_SETTINGS_PATH = '/stable/settings/profile?tab=custom';

type RechargeForm = {
  preset: number | 'custom';
  customYuan?: number | null;
  provider?: PaymentProviderValue;
  promotionCode?: string;
};

const CUSTOM = 'custom';

const amountOf = (values: Partial<RechargeForm>): number | null => {
  if (values.preset === CUSTOM) {
    const yuan = values.customYuan;
    return typeof yuan === 'number' && Number.isFinite(yuan) ? yuanToCents(yuan) : null;
  }
  return typeof values.preset === 'number' ? values.preset : null;
};

const isAmountValid = (cents: number | null): cents is number =>
  cents !== null && cents >= rechargeMinCents && cents <= rechargeMaxCents;

/** Opened before the order is created, while the click still counts as the user's: popups stay allowed. */
const openBlankWindow = (): Window | null => {
  const opened = window.open('', '_blank');
  if (opened) opened.opener = null;
  return opened;
};

const providerIcons: Record<PaymentProviderValue, React.ReactNode> = {
  wechatpay: <WechatOutlined style={{ color: '#07c160' }} />,
  alipay: <AlipayCircleOutlined style={{ color: '#1677ff' }} />,
};

const BalanceSummary = ({ overview }: { overview: BillingOverview }) => {
  const { t } = useTranslation(BILLING_NS);
  const money = useMoney();
  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} sm={8}>
        <Statistic title={t('overview.balance')} value={money(overview.balanceCents)} />
      </Col>
      <Col xs={24} sm={8}>
        <Statistic
          title={t('overview.validUntil')}
          value={overview.validateUntilDate ?? ''}
          formatter={() => <ValidityText overview={overview} />}
        />
      </Col>
      <Col xs={24} sm={8}>
        <Statistic
          title={t('overview.plan')}
          value={overview.plan?.name ?? ''}
          formatter={() =>
            overview.plan ? (
              <span>
                {overview.plan.name}{' '}
                <Typography.Text type="secondary">
                  {t('overview.perMonth', { amount: money(overview.plan.monthlyCents) })}
                </Typography.Text>
              </span>
            ) : (
              <Typography.Text type="secondary">{t('overview.noPlan')}</Typography.Text>
            )
          }
        />
      </Col>
    </Row>
  );
};

/**
 * Settings → recharge (`/stable/settings/recharge`): the balance, validity and plan; a top-up by a
 * preset or typed amount through WeChat Pay (QR code) or Alipay (its page), with an optional
 * promotion code; and the organisation's recharge orders.
 */
export const RechargePage = ({
  subscribe: given,
  pollMs,
}: {
  /** The organisation's `recharge:update` pushes; by default the console feed's, while it is live. */
  subscribe?: SubscribeRechargeEvents;
  pollMs?: number;
}) => {
  const { t } = useTranslation(BILLING_NS);
  const live = useConsoleEvent('recharge:update');
  const subscribe = given ?? live;
  const money = useMoney();
  const queryClient = useQueryClient();
  const overview = useQuery({ queryKey: OVERVIEW_QUERY_KEY, queryFn: () => fetchOverview() });
  const [form] = Form.useForm<RechargeForm>();
  const values = Form.useWatch([], form) as Partial<RechargeForm> | undefined;
  const ordersRef = useRef<ActionType | undefined>(undefined);
  const [applied, setApplied] = useState<(PromotionCheck & { amountCents: number }) | null>(null);
  const [isApplying, setApplying] = useState(false);
  const [isCreating, setCreating] = useState(false);
  const [payment, setPayment] = useState<{ order: RechargeOrder; request: RechargeCreate } | null>(null);
  // The balance shown after a payment is the one read after it, not the one before.
  const [paidSeenAt, setPaidSeenAt] = useState<number | null>(null);

  const providers = overview.data?.providers ?? [];
  // One method on offer (or the first of two): chosen already, so "Pay" is one click away.
  const firstProvider = overview.data?.providers[0];
  useEffect(() => {
    if (firstProvider && !form.getFieldValue('provider')) form.setFieldValue('provider', firstProvider);
  }, [firstProvider, form]);
  const amountCents = amountOf(values ?? {});
  const code = values?.promotionCode?.trim().toUpperCase() ?? '';
  const isApplied = applied !== null && applied.code === code && applied.amountCents === amountCents;

  const validateAmount = async (): Promise<number | null> => {
    try {
      await form.validateFields(['preset', 'customYuan']);
    } catch {
      return null;
    }
    const cents = amountOf(form.getFieldsValue());
    return isAmountValid(cents) ? cents : null;
  };

  /** Checks the code for this amount; false (with the reason under the field) when it does not apply. */
  const apply = async (): Promise<boolean> => {
    const cents = await validateAmount();
    if (cents === null) return false;
    const typed = (form.getFieldValue('promotionCode') as string | undefined)?.trim().toUpperCase() ?? '';
    if (typed === '') {
      form.setFields([{ name: 'promotionCode', errors: [t('recharge.validation.codeRequired')] }]);
      return false;
    }
    setApplying(true);
    try {
      const result = await checkPromotion(typed, cents);
      setApplied({ ...result, amountCents: cents });
      form.setFields([{ name: 'promotionCode', errors: [] }]);
      return true;
    } catch (error) {
      setApplied(null);
      form.setFields([{ name: 'promotionCode', errors: [parseError(error).message] }]);
      return false;
    } finally {
      setApplying(false);
    }
  };

  const start = async (request: RechargeCreate) => {
    // Alipay's page opens in its own window; opened now, before the await, so no popup blocker stops it.
    const popup = request.provider === 'alipay' ? openBlankWindow() : null;
    setCreating(true);
    try {
      const order = await createRecharge(request);
      if (popup && order.payUrl) popup.location.href = order.payUrl;
      else popup?.close();
      setPayment({ order, request });
      void ordersRef.current?.reload();
    } catch (error) {
      popup?.close();
      reportUnlessHandled(error);
    } finally {
      setCreating(false);
    }
  };

  const pay = async () => {
    let fields: RechargeForm;
    try {
      fields = await form.validateFields();
    } catch {
      return;
    }
    const cents = amountOf(fields);
    if (!isAmountValid(cents) || !fields.provider) return;
    if (code !== '' && !isApplied && !(await apply())) return;
    await start({
      provider: fields.provider,
      amountCents: cents,
      ...(code !== '' ? { promotionCode: code } : {}),
    });
  };

  const onPaid = () => {
    setPaidSeenAt(Date.now());
    void queryClient.invalidateQueries({ queryKey: OVERVIEW_QUERY_KEY });
    void ordersRef.current?.reload();
  };

  if (overview.isError) return <LoadError error={overview.error} onRetry={() => void overview.refetch()} />;

  const amountRules = [
    { required: true, message: t('recharge.validation.amountRequired') },
    {
      validator: async (_: unknown, value: number | null | undefined) => {
        if (value === null || value === undefined) return;
        const cents = yuanToCents(value);
        if (cents < rechargeMinCents || cents > rechargeMaxCents)
          throw new Error(
            t('recharge.validation.amountRange', {
              min: money(rechargeMinCents),
              max: money(rechargeMaxCents),
            }),
          );
      },
    },
  ];

  return (
    <Space orientation="vertical" size="middle" className="ok-billing">
      <Card title={t('recharge.summaryTitle')}>
        {overview.isPending ? (
          <Skeleton active paragraph={{ rows: 1 }} />
        ) : (
          <BalanceSummary overview={overview.data} />
        )}
      </Card>

      <Card title={t('recharge.title')}>
        <Form<RechargeForm>
          form={form}
          name="billing-recharge"
          layout="vertical"
          className="ok-billing__recharge-form"
          initialValues={{ preset: rechargePresetCents[0] }}
          onValuesChange={(changed: Partial<RechargeForm>) => {
            if ('promotionCode' in changed) form.setFields([{ name: 'promotionCode', errors: [] }]);
          }}
        >
          <Form.Item name="preset" label={t('recharge.amount')} required>
            <Radio.Group optionType="button" buttonStyle="solid">
              {rechargePresetCents.map((cents) => (
                <Radio.Button key={cents} value={cents}>
                  {money(cents)}
                </Radio.Button>
              ))}
              <Radio.Button value={CUSTOM}>{t('recharge.otherAmount')}</Radio.Button>
            </Radio.Group>
          </Form.Item>
          {values?.preset === CUSTOM && (
            <Form.Item
              name="customYuan"
              label={t('recharge.customAmount')}
              rules={amountRules}
              extra={t('recharge.amountHint', {
                min: money(rechargeMinCents),
                max: money(rechargeMaxCents),
              })}
            >
              <InputNumber<number>
                prefix="¥"
                precision={2}
                step={100}
                style={{ width: 220 }}
                placeholder={t('recharge.customPlaceholder')}
              />
            </Form.Item>
          )}

          {overview.isPending || providers.length === 0 ? (
            // Not a form field while there is nothing to choose: the explanation is no input.
            <Form.Item label={t('recharge.method')} required>
              {overview.isPending ? (
                <Skeleton.Button active />
              ) : (
                <Alert
                  type="warning"
                  showIcon
                  title={t('recharge.noProviders')}
                  description={
                    <span>
                      {t('recharge.noProvidersHelp')}{' '}
                      <Link to={PAYMENT_SETTINGS_PATH} style={{ textDecoration: 'underline' }}>
                        {t('recharge.openPaymentSettings')}
                      </Link>
                    </span>
                  }
                />
              )}
            </Form.Item>
          ) : (
            <Form.Item
              name="provider"
              label={t('recharge.method')}
              rules={[{ required: true, message: t('recharge.validation.methodRequired') }]}
            >
              <Radio.Group>
                {providers.map((provider) => (
                  <Radio.Button key={provider} value={provider} className="ok-billing__provider">
                    <Space size={6}>
                      {providerIcons[provider]}
                      {t(`provider.${provider}`)}
                    </Space>
                  </Radio.Button>
                ))}
              </Radio.Group>
            </Form.Item>
          )}

          <Form.Item label={t('recharge.promotionCode')} htmlFor="billing-recharge_promotionCode">
            <Space.Compact style={{ maxWidth: 360, width: '100%' }}>
              <Form.Item name="promotionCode" noStyle>
                <Input
                  id="billing-recharge_promotionCode"
                  placeholder={t('recharge.promotionPlaceholder')}
                  maxLength={32}
                  allowClear
                />
              </Form.Item>
              <Button onClick={() => void apply()} loading={isApplying}>
                {t('recharge.apply')}
              </Button>
            </Space.Compact>
          </Form.Item>

          {isAmountValid(amountCents) && (
            <Descriptions size="small" column={1} bordered className="ok-billing__summary">
              <Descriptions.Item label={t('pay.amount')}>{money(amountCents)}</Descriptions.Item>
              {isApplied && (
                <Descriptions.Item label={t('pay.discount')}>
                  <Typography.Text type="success">
                    {`-${money(applied.discountCents)} (${applied.code})`}
                  </Typography.Text>
                </Descriptions.Item>
              )}
              <Descriptions.Item label={t('pay.toPay')}>
                <Typography.Text strong>{money(isApplied ? applied.payCents : amountCents)}</Typography.Text>
              </Descriptions.Item>
            </Descriptions>
          )}

          <Button
            type="primary"
            size="large"
            className="ok-billing__pay-button"
            disabled={providers.length === 0}
            loading={isCreating}
            onClick={() => void pay()}
          >
            {t('recharge.pay')}
          </Button>
        </Form>
      </Card>

      <RechargeOrdersTable
        actionRef={ordersRef}
        onContinue={(order) =>
          setPayment({
            order,
            request: {
              provider: order.provider,
              amountCents: order.amountCents,
              ...(order.promotionCode ? { promotionCode: order.promotionCode } : {}),
            },
          })
        }
      />

      {payment && (
        <PayModal
          key={payment.order.orderNo}
          order={payment.order}
          subscribe={subscribe}
          pollMs={pollMs}
          balanceCents={
            paidSeenAt !== null && overview.dataUpdatedAt >= paidSeenAt
              ? overview.data?.balanceCents
              : undefined
          }
          isCreatingNew={isCreating}
          onClose={() => setPayment(null)}
          onPaid={onPaid}
          onCancelled={() => void ordersRef.current?.reload()}
          onNewOrder={() => void start(payment.request)}
        />
      )}
    </Space>
  );
};
