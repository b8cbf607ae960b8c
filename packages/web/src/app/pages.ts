import type { ChannelPageItem } from '../features/channel/ChannelPages';
import type { PageModuleLoader } from './routing/lazyPage';

/** The channel section's pages share one module (issue 19): one page component per menu item. */
const channelPage =
  (item: ChannelPageItem): PageModuleLoader =>
  () =>
    import('../features/channel/ChannelPages').then((m) => ({ default: m.channelPages[item] }));

/**
 * Menu component keys (`<section>/<item>`) → their lazily loaded page modules. A key missing here
 * shows the 404 "still in development" screen until a later issue adds its page (DESIGN §5).
 */
export const pageModules: Record<string, PageModuleLoader> = {
  'dashboard/workplace': () =>
    import('../features/dashboard/workplace/WorkplacePage').then((m) => ({ default: m.WorkplacePage })),
  'dashboard/analysis': () =>
    import('../features/dashboard/analysis/AnalysisPage').then((m) => ({ default: m.AnalysisPage })),
  'dashboard/monitor': () =>
    import('../features/dashboard/monitor/MonitorPage').then((m) => ({ default: m.MonitorPage })),
  'dashboard/guide': () =>
    import('../features/dashboard/guide/GuidePage').then((m) => ({ default: m.GuidePage })),
  'dashboard/preview': () =>
    import('../features/dashboard/preview/PreviewPage').then((m) => ({ default: m.PreviewPage })),
  'kefu/account': () =>
    import('../features/kefu/account/AccountPage').then((m) => ({ default: m.AccountPage })),
  'kefu/group': () => import('../features/kefu/group/GroupPage').then((m) => ({ default: m.GroupPage })),
  'kefu/status': () => import('../features/kefu/status/StatusPage').then((m) => ({ default: m.StatusPage })),
  'kefu/thread': () => import('../features/kefu/thread/ThreadPage').then((m) => ({ default: m.ThreadPage })),
  'kefu/message': () =>
    import('../features/kefu/message/MessagePage').then((m) => ({ default: m.MessagePage })),
  'kefu/rate': () => import('../features/kefu/rate/RatePage').then((m) => ({ default: m.RatePage })),
  'kefu/leavemsg': () =>
    import('../features/kefu/leavemsg/LeaveMessagePage').then((m) => ({ default: m.LeaveMessagePage })),
  'kefu/cuw': () => import('../features/kefu/cuw/CuwPage').then((m) => ({ default: m.CuwPage })),
  'kefu/tag': () => import('../features/kefu/tag/TagPage').then((m) => ({ default: m.TagPage })),
  'kefu/summary': () =>
    import('../features/kefu/summary/SummaryPage').then((m) => ({ default: m.SummaryPage })),
  'kefu/monitor': () =>
    import('../features/kefu/monitor/MonitorPage').then((m) => ({ default: m.MonitorPage })),
  'kefu/taboo': () => import('../features/kefu/taboo/TabooPage').then((m) => ({ default: m.TabooPage })),
  'kefu/block': () => import('../features/kefu/block/BlockPage').then((m) => ({ default: m.BlockPage })),
  'kefu/targeted': () =>
    import('../features/kefu/targeted/TargetedPage').then((m) => ({ default: m.TargetedPage })),
  'kefu/form': () => import('../features/kefu/form/FormPage').then((m) => ({ default: m.FormPage })),
  'settings/profile': () =>
    import('../features/settings/profile/AccountSettingsPage').then((m) => ({
      default: m.AccountSettingsPage,
    })),
  'settings/role': () =>
    import('../features/settings/role/AccountRolePage').then((m) => ({ default: m.AccountRolePage })),
  'settings/recharge': () =>
    import('../features/billing/recharge/RechargePage').then((m) => ({ default: m.RechargePage })),
  'settings/payment': () =>
    import('../features/billing/payment/PaymentPage').then((m) => ({ default: m.PaymentPage })),
  'settings/invoice': () =>
    import('../features/billing/invoice/InvoicePage').then((m) => ({ default: m.InvoicePage })),
  'platform/menu': () => import('../features/platform/menu/MenuPage').then((m) => ({ default: m.MenuPage })),
  'platform/user': () => import('../features/platform/user/UserPage').then((m) => ({ default: m.UserPage })),
  'platform/role': () => import('../features/platform/role/RolePage').then((m) => ({ default: m.RolePage })),
  'platform/authority': () =>
    import('../features/platform/authority/AuthorityPage').then((m) => ({ default: m.AuthorityPage })),
  'platform/recharge': () =>
    import('../features/platform/recharge/PlatformRechargePage').then((m) => ({
      default: m.PlatformRechargePage,
    })),
  'platform/payment': () =>
    import('../features/platform/payment/PlatformPaymentPage').then((m) => ({
      default: m.PlatformPaymentPage,
    })),
  'platform/marketing': () =>
    import('../features/platform/marketing/MarketingPage').then((m) => ({ default: m.MarketingPage })),
  'platform/invoice': () =>
    import('../features/platform/invoice/PlatformInvoicePage').then((m) => ({
      default: m.PlatformInvoicePage,
    })),
  'kb/list': () =>
    import('../features/kb/list/ArticleListPages').then((m) => ({ default: m.SupportListPage })),
  'kb/blog': () => import('../features/kb/list/ArticleListPages').then((m) => ({ default: m.BlogListPage })),
  'kb/internal': () =>
    import('../features/kb/list/ArticleListPages').then((m) => ({ default: m.InternalListPage })),
  'kb/zhaobiaolist': () =>
    import('../features/kb/list/ArticleListPages').then((m) => ({ default: m.TenderListPage })),
  'kb/jinrimeiyulist': () =>
    import('../features/kb/list/ArticleListPages').then((m) => ({ default: m.DailyEnglishListPage })),
  'kb/tikuqalist': () =>
    import('../features/kb/list/ArticleListPages').then((m) => ({ default: m.TikuQaListPage })),
  'kb/tikulist': () => import('../features/kb/tiku/TikuPage').then((m) => ({ default: m.TikuPage })),
  'kb/upload': () =>
    import('../features/kb/upload/AttachmentLibraryPage').then((m) => ({ default: m.AttachmentLibraryPage })),
  'kb/attachment': () =>
    import('../features/kb/attachment/AttachmentDetailPage').then((m) => ({
      default: m.AttachmentDetailPage,
    })),
  'kb/settings': () =>
    import('../features/kb/settings/KbSettingsPage').then((m) => ({ default: m.KbSettingsPage })),
  'kb/statistic': () =>
    import('../features/kb/statistic/KbStatisticPage').then((m) => ({ default: m.KbStatisticPage })),
  'kb/zhaobiaosummary': () =>
    import('../features/kb/zhaobiaosummary/TenderSummaryPage').then((m) => ({
      default: m.TenderSummaryPage,
    })),
  'platform/taboo': () =>
    import('../features/platform/taboo/PlatformTabooPage').then((m) => ({ default: m.PlatformTabooPage })),
  'platform/greeting': () =>
    import('../features/platform/greeting/GreetingPage').then((m) => ({ default: m.GreetingPage })),
  'platform/online': () =>
    import('../features/platform/online/OnlinePage').then((m) => ({ default: m.OnlinePage })),
  'platform/push': () => import('../features/platform/push/PushPage').then((m) => ({ default: m.PushPage })),
  'platform/statistic': () =>
    import('../features/platform/statistic/PlatformStatisticPage').then((m) => ({
      default: m.PlatformStatisticPage,
    })),
  'platform/channel': () =>
    import('../features/platform/channel/ChannelAppPage').then((m) => ({ default: m.ChannelAppPage })),
  'platform/synonym': () =>
    import('../features/platform/synonym/PlatformSynonymPage').then((m) => ({
      default: m.PlatformSynonymPage,
    })),
  // The knowledge base's "Robot Q&A" is the robot section's FAQ page.
  'kb/robot': () => import('../features/robot/faq/FaqPage').then((m) => ({ default: m.FaqPage })),
  'robot/list': () =>
    import('../features/robot/list/RobotListPage').then((m) => ({ default: m.RobotListPage })),
  'robot/faq': () => import('../features/robot/faq/FaqPage').then((m) => ({ default: m.FaqPage })),
  'robot/transfer': () =>
    import('../features/robot/words/WordListPages').then((m) => ({ default: m.TransferKeywordPage })),
  'robot/synonym': () =>
    import('../features/robot/words/WordListPages').then((m) => ({ default: m.SynonymPage })),
  'robot/stopword': () =>
    import('../features/robot/words/WordListPages').then((m) => ({ default: m.StopwordPage })),
  'robot/quickbutton': () =>
    import('../features/robot/quickbutton/QuickButtonPage').then((m) => ({ default: m.QuickButtonPage })),
  'robot/history': () =>
    import('../features/robot/insight/history/RobotHistoryPage').then((m) => ({
      default: m.RobotHistoryPage,
    })),
  'robot/training': () =>
    import('../features/robot/insight/training/RobotTrainingPage').then((m) => ({
      default: m.RobotTrainingPage,
    })),
  'robot/statistic': () =>
    import('../features/robot/insight/statistic/RobotStatisticPage').then((m) => ({
      default: m.RobotStatisticPage,
    })),
  // Statistics → robot is the robot section's statistics page.
  'statictic/robot': () =>
    import('../features/robot/insight/statistic/RobotStatisticPage').then((m) => ({
      default: m.RobotStatisticPage,
    })),
  'statictic/analysis': () =>
    import('../features/statictic/analysis/AnalysisPage').then((m) => ({ default: m.AnalysisPage })),
  // Statistics → knowledge base (debug-only) is the knowledge base's statistics page.
  'statictic/kb': () =>
    import('../features/kb/statistic/KbStatisticPage').then((m) => ({ default: m.KbStatisticPage })),
  'robot/huoke': () =>
    import('../features/robot/huoke/LeadListPage').then((m) => ({ default: m.LeadListPage })),
  'robot/zhipuai': () =>
    import('../features/robot/zhipuai/ZhipuaiPage').then((m) => ({ default: m.ZhipuaiPage })),
  'crm/list': () =>
    import('../features/crm/list/CustomerListPage').then((m) => ({ default: m.CustomerListPage })),
  'feedback/list': () =>
    import('../features/feedback/list/FeedbackListPage').then((m) => ({ default: m.FeedbackListPage })),
  'feedback/statistic': () =>
    import('../features/feedback/statistic/FeedbackStatisticPage').then((m) => ({
      default: m.FeedbackStatisticPage,
    })),
  'ticket/list': () =>
    import('../features/ticket/list/TicketListPages').then((m) => ({ default: m.TicketListPage })),
  'ticket/my': () =>
    import('../features/ticket/list/TicketListPages').then((m) => ({ default: m.MyTicketPage })),
  'ticket/fdlist': () =>
    import('../features/ticket/list/TicketListPages').then((m) => ({ default: m.FeedbackTicketPage })),
  'ticket/statistic': () =>
    import('../features/ticket/statistic/TicketStatisticPage').then((m) => ({
      default: m.TicketStatisticPage,
    })),
  'ticket/fdstatistic': () =>
    import('../features/ticket/statistic/TicketStatisticPage').then((m) => ({
      default: m.FeedbackStatisticPage,
    })),
  'form/list': () => import('../features/form/list/FormListPage').then((m) => ({ default: m.FormListPage })),
  'form/result': () =>
    import('../features/form/result/FormResultPage').then((m) => ({ default: m.FormResultPage })),
  'form/statistic': () =>
    import('../features/form/statistic/FormStatisticPage').then((m) => ({ default: m.FormStatisticPage })),
  'quality/list': () =>
    import('../features/quality/list/QualityListPage').then((m) => ({ default: m.QualityListPage })),
  'quality/setting': () =>
    import('../features/quality/setting/QualitySettingPage').then((m) => ({ default: m.QualitySettingPage })),
  'quality/result': () =>
    import('../features/quality/result/QualityResultPage').then((m) => ({ default: m.QualityResultPage })),
  'quality/statistic': () =>
    import('../features/quality/statistic/QualityStatisticPage').then((m) => ({
      default: m.QualityStatisticPage,
    })),
  'ticket/template': () =>
    import('../features/ticket/template/TicketTemplatePage').then((m) => ({
      default: m.TicketTemplatePage,
    })),
  'channel/app': channelPage('app'),
  'channel/uniapp': channelPage('uniapp'),
  'channel/flutter': channelPage('flutter'),
  'channel/mini': channelPage('mini'),
  'channel/mp': channelPage('mp'),
  'channel/web': channelPage('web'),
  'channel/wechatkefu': channelPage('wechatkefu'),
  'channel/wechatwork': channelPage('wechatwork'),
  'channel/douyin': channelPage('douyin'),
  'channel/baiduyingxiao': channelPage('baiduyingxiao'),
  'channel/weibo': channelPage('weibo'),
  'channel/lazada': channelPage('lazada'),
  'channel/feishu': channelPage('feishu'),
  'channel/shopee': channelPage('shopee'),
  'channel/wechat': channelPage('wechat'),
  'channel/whatsapp': channelPage('whatsapp'),
  'channel/facebook': channelPage('facebook'),
  'channel/line': channelPage('line'),
  'channel/email': channelPage('email'),
};
