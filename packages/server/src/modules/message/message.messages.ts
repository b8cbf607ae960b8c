import { registerMessages, type CatalogueEntry } from '../../http/i18n.js';

/** Refusals of voice and video messages (issue 21), registered with http/i18n.ts below. */
export const mediaMessageMessages = {
  'message.notAudio': { 'en-US': 'The upload is not audio', 'zh-CN': '上传的文件不是音频' },
  'message.notVideo': { 'en-US': 'The upload is not a video', 'zh-CN': '上传的文件不是视频' },
  'message.voiceTooLarge': {
    'en-US': 'A voice message may be at most {max} MB',
    'zh-CN': '语音消息不能超过 {max} MB',
  },
  'message.redPacketAgentsOnly': {
    'en-US': 'Only agents may give a red packet',
    'zh-CN': '只有客服可以发红包',
  },
} satisfies Record<`message.${string}`, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    mediaMessage: typeof mediaMessageMessages;
  }
}

registerMessages(mediaMessageMessages);
