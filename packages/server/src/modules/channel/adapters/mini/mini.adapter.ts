import { createOfficialAdapter } from '../../../../lib/channels/wechat/official.js';
import { miniMediaRules } from '../../../../lib/channels/wechat/outbound.js';
import { parseWechatXml } from '../../../../lib/channels/wechat/xml.js';
import type { ChannelAdapter } from '../../channel.adapter.js';

/*
 * WeChat mini programs' customer-service messages (小程序客服消息). The message push is set up
 * like an official account's, except that the admin also picks XML or JSON; both are read. Replies
 * use the same customer-service API, within 48 h of the user's last message
 * (lib/channels/wechat/official.ts, shared with official accounts).
 */

/**
 * The JSON push's fields as strings. MsgId is a 64-bit number in the JSON: read from the text,
 * since JSON.parse would round it (and two messages would share an id).
 */
const parseMiniJson = (text: string): Record<string, string> => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object') return {};
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed as Record<string, unknown>))
    if (typeof value === 'string' || typeof value === 'number') fields[name] = String(value);
  const msgId = /"MsgId"\s*:\s*"?(\d+)/.exec(text)?.[1];
  if (msgId) fields.MsgId = msgId;
  return fields;
};

export const miniAdapter: ChannelAdapter = createOfficialAdapter('mini', miniMediaRules, (text) => {
  const body = text.trimStart();
  return body.startsWith('{') ? parseMiniJson(body) : parseWechatXml(body);
});
