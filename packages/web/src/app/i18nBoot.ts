import { i18n } from '../shared/i18n';
import { bootEnUS, bootZhCN } from '../shared/locales/app/boot';

/** Registers the boot strings of the `app` namespace (deep-merged with the full bundle the shell adds). */
i18n.addResourceBundle('en-US', 'app', { boot: bootEnUS }, true, false);
i18n.addResourceBundle('zh-CN', 'app', { boot: bootZhCN }, true, false);

export { i18n };
