import { i18n } from '../../i18n';
import { messageCardEnUS } from './locales/en-US';
import { messageCardZhCN } from './locales/zh-CN';

/** The message cards' namespace; importing this module registers it. */
export const MESSAGE_CARD_NS = 'messageCard';

i18n.addResourceBundle('en-US', MESSAGE_CARD_NS, messageCardEnUS, true, true);
i18n.addResourceBundle('zh-CN', MESSAGE_CARD_NS, messageCardZhCN, true, true);

export { i18n };
