import { i18n } from '../../shared/i18n';
import { billingEnUS } from './locales/en-US';
import { billingZhCN } from './locales/zh-CN';

/**
 * Registers the `billing` namespace: the organisation's recharge, bills and invoices, the shared
 * billing tables, and the platform's recharge, payment, invoice and marketing pages. Imported by
 * those pages, so the strings load with their lazy chunks rather than with the shell.
 */
export const BILLING_NS = 'billing';

i18n.addResourceBundle('en-US', BILLING_NS, billingEnUS, true, true);
i18n.addResourceBundle('zh-CN', BILLING_NS, billingZhCN, true, true);
