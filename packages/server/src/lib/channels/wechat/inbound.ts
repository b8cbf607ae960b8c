import type { InboundMessage } from '../../../modules/channel/channel.adapter.js';

/*
 * The messages official accounts, mini programs and Work WeChat apps push (same field names in
 * XML and in the mini program's JSON) in the framework's terms.
 */

/**
 * Events worth a conversation: what the user did. Automatic ones (location reports every few
 * seconds, template and mass-send receipts) would flood the agents' threads.
 */
const eventNames: Record<string, string> = {
  subscribe: 'subscribe',
  unsubscribe: 'unsubscribe',
  click: 'menu_click',
  view: 'menu_view',
  scan: 'scan',
  user_enter_tempsession: 'enter_session',
  enter_agent: 'enter_session',
};

const joinLines = (...parts: (string | undefined)[]) => parts.filter((part) => part).join('\n');

/** The framework's message for one push, or undefined for pushes that are not a user's doing. */
export const toInboundMessage = (fields: Record<string, string>): InboundMessage | undefined => {
  const type = fields.MsgType ?? '';
  const userId = fields.FromUserName;
  if (!userId || !type) return undefined;
  const at = Number(fields.CreateTime) * 1000 || Date.now();
  const base = {
    // Events carry no MsgId: WeChat's advice is FromUserName + CreateTime, stable across redeliveries.
    externalId: fields.MsgId || `${userId}:${fields.CreateTime ?? ''}:${fields.Event ?? type}`,
    externalUserId: userId,
    at,
  };
  switch (type) {
    case 'text':
      return { ...base, kind: 'text', text: fields.Content ?? '' };
    case 'image':
      return { ...base, kind: 'image', text: '', mediaRef: fields.MediaId };
    case 'voice':
      return { ...base, kind: 'voice', text: fields.Recognition ?? '', mediaRef: fields.MediaId };
    case 'video':
    case 'shortvideo':
      return { ...base, kind: 'video', text: '', mediaRef: fields.MediaId };
    case 'location':
      return {
        ...base,
        kind: 'location',
        text: fields.Label || `${fields.Location_X ?? ''},${fields.Location_Y ?? ''}`,
      };
    case 'link':
      return { ...base, kind: 'link', text: joinLines(fields.Title, fields.Url) };
    case 'miniprogrampage':
      return { ...base, kind: 'link', text: joinLines(fields.Title, fields.PagePath) };
    case 'event': {
      const event = (fields.Event ?? '').toLowerCase();
      const name = eventNames[event];
      if (!name) return undefined;
      const key = event === 'user_enter_tempsession' ? fields.SessionFrom : fields.EventKey;
      return { ...base, kind: 'event', text: '', event: key ? { name, key } : { name } };
    }
    default:
      // A kind this version does not know yet: the agent still sees that the user wrote.
      return { ...base, kind: 'text', text: `[${type}]` };
  }
};
