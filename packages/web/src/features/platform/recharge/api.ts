import type {
  Envelope,
  Page,
  PaymentProviderValue,
  RechargeOrder,
  RechargeOrderState,
  RefundBody,
} from '@openkefu/contract';
import { http } from '../../../shared/api/http';
import type { PageQuery } from '../../../shared/table/usePageRequest';

/** Platform → recharges: every organisation's orders (platform staff only). */

export type PlatformRechargeFilters = {
  subDomain?: string;
  state?: RechargeOrderState;
  provider?: PaymentProviderValue;
  orderNo?: string;
};

/** `GET /api/platform/billing/recharge/query`. */
export const fetchPlatformRechargePage = async (
  query: PageQuery<PlatformRechargeFilters>,
): Promise<Page<RechargeOrder>> =>
  (await http.get<Envelope<Page<RechargeOrder>>>('/api/platform/billing/recharge/query', { params: query }))
    .data;

/** `POST /api/platform/billing/refund`: (part of) a paid order back to the payer; answers the order. */
export const refundOrder = async (body: RefundBody): Promise<RechargeOrder> =>
  (await http.post<Envelope<RechargeOrder>>('/api/platform/billing/refund', body)).data;
