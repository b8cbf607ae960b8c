import { i18n } from '../../../shared/i18n';
import { ticketEnUS } from './locales/en-US';
import { ticketZhCN } from './locales/zh-CN';

/** The `ticket` namespace of the ticket pages; imported by each page, so it loads with them. */
export const TICKET_NS = 'ticket';

i18n.addResourceBundle('en-US', TICKET_NS, ticketEnUS, true, true);
i18n.addResourceBundle('zh-CN', TICKET_NS, ticketZhCN, true, true);
