import { i18n } from '../../../shared/i18n';
import { WORKBENCH_NS } from '../i18n';

/* The voice recorder's words, merged into the workbench namespace (deep: nothing else is replaced). */
i18n.addResourceBundle(
  'en-US',
  WORKBENCH_NS,
  {
    voice: {
      record: 'Record a voice message',
      left: 'Recording… {{seconds}} s left',
      cancel: 'Cancel',
      send: 'Send',
      denied: 'Cannot record: microphone permission was refused. Allow it in the browser settings.',
      unsupported: 'This browser cannot record voice messages.',
      failed: 'The microphone could not be started.',
    },
  },
  true,
  true,
);
i18n.addResourceBundle(
  'zh-CN',
  WORKBENCH_NS,
  {
    voice: {
      record: '录制语音消息',
      left: '正在录音… 还剩 {{seconds}} 秒',
      cancel: '取消',
      send: '发送',
      denied: '无法录音：麦克风授权被拒绝。请在浏览器设置中允许使用麦克风。',
      unsupported: '此浏览器不支持录制语音消息。',
      failed: '无法启动麦克风。',
    },
  },
  true,
  true,
);
