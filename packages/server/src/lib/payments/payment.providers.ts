import type { PaymentsConfig } from '../../config.js';
import { createAlipayGateway, defaultAlipayGatewayUrl } from './alipay/alipay.gateway.js';
import type { PaymentClientOptions, PaymentGateway, PaymentProvider } from './payment.gateway.js';
import { createWechatPayGateway, defaultWechatPayApiBase } from './wechatpay/wechatpay.gateway.js';

/*
 * The payment providers this server is configured for (WECHATPAY_*, ALIPAY_*, PAYMENT_API_BASES),
 * built once from the configuration. Billing offers only these methods.
 */

/** The providers whose settings are complete, in display order. */
export const configuredPaymentProviders = (config: { payments: PaymentsConfig }): PaymentProvider[] => [
  ...(config.payments.wechatpay ? (['wechatpay'] as const) : []),
  ...(config.payments.alipay ? (['alipay'] as const) : []),
];

/** A gateway for each configured provider. */
export const createPaymentGateways = (
  config: { payments: PaymentsConfig },
  options: PaymentClientOptions = {},
): Partial<Record<PaymentProvider, PaymentGateway>> => {
  const { wechatpay, alipay, apiBases } = config.payments;
  return {
    ...(wechatpay
      ? {
          wechatpay: createWechatPayGateway(
            { ...wechatpay, apiBase: apiBases.wechatpay ?? defaultWechatPayApiBase },
            options,
          ),
        }
      : {}),
    ...(alipay
      ? {
          alipay: createAlipayGateway(
            { ...alipay, gatewayUrl: apiBases.alipay ?? defaultAlipayGatewayUrl },
            options,
          ),
        }
      : {}),
  };
};
