import { i18n } from '../../../shared/i18n';
import { KEFU_THREAD_NS } from './i18n';

/*
 * The message types of issue 21 in the records' namespace: kept here rather than in the shared
 * locale files, merged into the namespace (deep, so nothing else in it is replaced).
 */
i18n.addResourceBundle(
  'en-US',
  KEFU_THREAD_NS,
  { messageTypes: { location: 'Location', commodity: 'Product', shortvideo: 'Short video' } },
  true,
  true,
);
i18n.addResourceBundle(
  'zh-CN',
  KEFU_THREAD_NS,
  { messageTypes: { location: '位置', commodity: '商品', shortvideo: '小视频' } },
  true,
  true,
);
