/*
 * Loads every module's server messages (each registers itself with http/i18n.ts). The app imports
 * this so that errors from any module are translated; http/i18n.ts itself never imports a module.
 */
import './modules/article/article.messages.js';
import './modules/billing/bill/billing.messages.js';
import './modules/billing/announcement/announcement.messages.js';
import './modules/billing/ledger/ledger.messages.js';
import './modules/billing/promotion/promotion.messages.js';
import './modules/billing/recharge/recharge.messages.js';
import './modules/block/block.messages.js';
import './modules/call/call.messages.js';
import './modules/category/category.messages.js';
import './modules/channel/channel.messages.js';
import './modules/cuw/cuw.messages.js';
import './modules/form/form.messages.js';
import './modules/kb/kb.messages.js';
import './modules/leavemsg/leavemsg.messages.js';
import './modules/push/push.messages.js';
import './modules/records/records.messages.js';
import './modules/role/role.messages.js';
import './modules/taboo/taboo.messages.js';
import './modules/tag/tag.messages.js';
import './modules/targeted/targeted.messages.js';
import './modules/thread/thread.messages.js';
import './modules/upload/upload.messages.js';
import './modules/user/user.messages.js';
import './modules/visitor/visitor.messages.js';
import './modules/workgroup/workgroup.messages.js';
