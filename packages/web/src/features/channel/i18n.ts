import { i18n } from '../../shared/i18n';
import { channelEnUS } from './locales/en-US';
import { channelZhCN } from './locales/zh-CN';

/** Registers the `channel` namespace (the channel section's pages). */
export const CHANNEL_NS = 'channel';

i18n.addResourceBundle('en-US', CHANNEL_NS, channelEnUS, true, true);
i18n.addResourceBundle('zh-CN', CHANNEL_NS, channelZhCN, true, true);
