import { createOfficialAdapter } from '../../../../lib/channels/wechat/official.js';
import { officialMediaRules } from '../../../../lib/channels/wechat/outbound.js';
import { parseWechatXml } from '../../../../lib/channels/wechat/xml.js';
import type { ChannelAdapter } from '../../channel.adapter.js';

/*
 * WeChat official accounts (公众号). Pushes arrive plain, encrypted or both (compatible mode) and
 * are answered "success" at once: WeChat waits 5 s and then redelivers, so the MsgId is the
 * message's id. Replies go out as customer-service messages, allowed for 48 h after the user's
 * last message (lib/channels/wechat/official.ts, shared with mini programs).
 */

export const mpAdapter: ChannelAdapter = createOfficialAdapter('mp', officialMediaRules, parseWechatXml);
