import { registerMessages, type CatalogueEntry } from '../../http/i18n.js';

/** Server messages of calls (keys start with `call.`). */
export const callMessages = {
  'call.notFound': { 'en-US': 'Call {callId} not found', 'zh-CN': '通话 {callId} 不存在' },
  'call.notParticipant': {
    'en-US': 'Only the visitor and the assigned agent of a conversation can call',
    'zh-CN': '只有会话的访客和接待客服可以通话',
  },
  'call.noAgent': {
    'en-US': 'No agent is serving this conversation yet',
    'zh-CN': '此会话还没有客服接待',
  },
  'call.disabled': {
    'en-US': 'Calls are not available in this conversation',
    'zh-CN': '此会话不支持通话',
  },
  'call.alreadyInCall': { 'en-US': 'You are already in a call', 'zh-CN': '您已在通话中' },
  'call.notRinging': { 'en-US': 'This call is no longer ringing', 'zh-CN': '此通话已不在呼叫中' },
  'call.notActive': { 'en-US': 'This call is not connected', 'zh-CN': '此通话未接通' },
} satisfies Record<string, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    call: typeof callMessages;
  }
}

registerMessages(callMessages);
