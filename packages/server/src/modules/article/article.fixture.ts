import type { ArticleType } from '@openkefu/contract';
import type { DialectName, Executor } from '../../db/database.js';
import type { Principal } from '../auth/auth.service.js';
import { createArticleService } from './article.service.js';

/*
 * Realistic help-centre articles for the search tests (and the search benchmark's vocabulary):
 * customer-service topics in Chinese and English, each topic in several titles, bodies built from
 * the topic's own sentences plus general ones, so that a query has one obvious set of answers.
 */

export type FixtureArticle = { title: string; summary: string; content: string; keywords: string[] };

type Topic = { key: string; titles: string[]; sentences: string[]; keywords: string[] };

export const chineseTopics: Topic[] = [
  {
    key: '退款',
    titles: ['如何申请退款', '退款多久到账', '退款失败怎么办', '部分退款说明', '退款进度查询'],
    sentences: [
      '在订单详情页点击申请退款，填写退款原因并提交。',
      '退款审核通过后，款项将在1至7个工作日内原路退回。',
      '如果退款长时间未到账，请联系银行确认或咨询在线客服。',
    ],
    keywords: ['退款', '售后'],
  },
  {
    key: '发票',
    titles: ['如何开具发票', '电子发票下载', '发票抬头修改', '增值税专用发票申请', '发票丢失补开'],
    sentences: [
      '订单完成后可在个人中心的发票管理中申请开具电子发票。',
      '发票抬头和税号请与营业执照上的信息保持一致。',
      '增值税专用发票需要上传一般纳税人证明，审核后邮寄。',
    ],
    keywords: ['发票', '税号'],
  },
  {
    key: '物流',
    titles: ['物流信息查询', '快递迟迟不发货', '修改收货地址', '物流显示已签收但未收到', '配送范围说明'],
    sentences: [
      '发货后可在订单详情中查看快递单号和物流轨迹。',
      '大部分地区下单后48小时内发货，偏远地区配送时间较长。',
      '如物流信息超过三天未更新，请联系客服催促快递公司。',
    ],
    keywords: ['物流', '快递'],
  },
  {
    key: '修改密码',
    titles: ['如何修改密码', '忘记登录密码', '修改支付密码', '密码多次输错被锁定'],
    sentences: [
      '进入账号设置，选择修改密码，输入原密码和新密码即可。',
      '忘记密码时可通过绑定的手机号接收验证码重置密码。',
      '新密码需包含字母和数字，长度不少于八位。',
    ],
    keywords: ['密码', '账号安全'],
  },
  {
    key: '优惠券',
    titles: ['优惠券使用规则', '优惠券过期怎么办', '领取新人优惠券'],
    sentences: ['优惠券在结算页面自动抵扣，每笔订单限用一张。', '过期的优惠券无法恢复，请留意有效期。'],
    keywords: ['优惠券', '活动'],
  },
  {
    key: '会员',
    titles: ['会员等级说明', '会员积分兑换', '开通年度会员'],
    sentences: ['会员等级根据近一年的消费金额计算。', '积分可以在积分商城兑换礼品或抵扣现金。'],
    keywords: ['会员', '积分'],
  },
  {
    key: '退货',
    titles: ['七天无理由退货', '退货运费谁承担', '退货地址查询', '换货流程'],
    sentences: [
      '签收后七天内商品完好可申请无理由退货。',
      '因质量问题退货的运费由商家承担。',
      '换货请在售后页面选择换货并寄回原商品。',
    ],
    keywords: ['退货', '换货'],
  },
  {
    key: '账号',
    titles: ['注销账号', '绑定手机号', '实名认证失败', '更换绑定邮箱'],
    sentences: [
      '注销账号后数据将无法恢复，请谨慎操作。',
      '实名认证需要上传身份证正反面照片。',
      '更换手机号需要验证原手机号或提交人工审核。',
    ],
    keywords: ['账号', '认证'],
  },
  {
    key: '支付',
    titles: ['支付失败的原因', '支持哪些支付方式', '重复扣款处理', '分期付款说明'],
    sentences: [
      '支付失败可能是银行卡余额不足或网络不稳定。',
      '支持微信支付、支付宝和银行卡支付。',
      '如发生重复扣款，多扣的款项会在三个工作日内自动退回。',
    ],
    keywords: ['支付', '付款'],
  },
  {
    key: '订单',
    titles: ['取消订单', '订单状态说明', '修改订单信息', '查看历史订单'],
    sentences: ['未发货的订单可以在订单列表中直接取消。', '订单状态包括待付款、待发货、已发货和已完成。'],
    keywords: ['订单'],
  },
  {
    key: '客服',
    titles: ['联系人工客服', '客服工作时间', '投诉与建议'],
    sentences: ['在线客服工作时间为每天九点至二十一点。', '您也可以留言，我们会在一个工作日内回复。'],
    keywords: ['客服', '投诉'],
  },
];

export const englishTopics: Topic[] = [
  {
    key: 'refund',
    titles: [
      'How to request a refund',
      'When will I get my refund',
      'Refund declined',
      'Partial refund policy',
      'Track a refund',
    ],
    sentences: [
      'Open the order, choose Request a refund and tell us the reason.',
      'Approved refunds return to the original payment method within 5 to 10 business days.',
      'If the refund has not arrived, check with your bank or contact support.',
    ],
    keywords: ['refund', 'money back'],
  },
  {
    key: 'invoice',
    titles: [
      'Download an invoice',
      'Change the billing address on an invoice',
      'VAT invoice for businesses',
      'Invoice missing',
    ],
    sentences: [
      'Invoices are available under Billing once the order is complete.',
      'Business customers can add a VAT number before checkout.',
      'An invoice cannot be changed after it is issued; we issue a corrected one instead.',
    ],
    keywords: ['invoice', 'billing', 'VAT'],
  },
  {
    key: 'shipping',
    titles: [
      'Shipping times',
      'Track your shipment',
      'Change the delivery address',
      'Package marked delivered but not received',
      'International shipping',
    ],
    sentences: [
      'Orders ship within two business days; you get a tracking number by email.',
      'The delivery address can be changed until the parcel leaves the warehouse.',
      'Customs duties for international shipping are paid by the recipient.',
    ],
    keywords: ['shipping', 'delivery', 'tracking'],
  },
  {
    key: 'password',
    titles: [
      'Reset your password',
      'Change your password',
      'Account locked after failed sign-ins',
      'Two-factor authentication',
    ],
    sentences: [
      'Choose Forgot password on the sign-in page and follow the link we email you.',
      'A strong password has at least eight characters with letters and numbers.',
      'After five failed sign-ins the account is locked for fifteen minutes.',
    ],
    keywords: ['password', 'sign in', 'security'],
  },
  {
    key: 'coupon',
    titles: ['Using a coupon code', 'Coupon expired', 'Welcome discount'],
    sentences: [
      'Enter the coupon code at checkout; one code per order.',
      'Expired coupons cannot be restored.',
    ],
    keywords: ['coupon', 'discount'],
  },
  {
    key: 'subscription',
    titles: ['Cancel your subscription', 'Upgrade your plan', 'Subscription renewal dates'],
    sentences: [
      'Subscriptions renew automatically at the end of each billing period.',
      'You can cancel anytime; access continues until the period ends.',
    ],
    keywords: ['subscription', 'plan'],
  },
  {
    key: 'returns',
    titles: ['Return an item', 'Who pays for return shipping', 'Exchange a product', 'Return window'],
    sentences: [
      'Items can be returned within 30 days in their original condition.',
      'We cover return shipping when the item arrived damaged.',
      'To exchange a product, start a return and place a new order.',
    ],
    keywords: ['returns', 'exchange'],
  },
  {
    key: 'account',
    titles: [
      'Delete your account',
      'Update your email address',
      'Verify your identity',
      'Merge two accounts',
    ],
    sentences: [
      'Deleting your account removes your order history permanently.',
      'We send a confirmation link to the new email address.',
    ],
    keywords: ['account', 'profile'],
  },
  {
    key: 'payment',
    titles: ['Payment failed', 'Accepted payment methods', 'Charged twice', 'Pay in instalments'],
    sentences: [
      'A payment can fail when the card has expired or the bank declines it.',
      'We accept cards, PayPal and bank transfer.',
      'A duplicate charge is released automatically within three business days.',
    ],
    keywords: ['payment', 'card'],
  },
  {
    key: 'order',
    titles: ['Cancel an order', 'Order status explained', 'Edit an order'],
    sentences: [
      'Orders that have not shipped can be cancelled from the orders page.',
      'Each status change is emailed to you.',
    ],
    keywords: ['order'],
  },
  {
    key: 'support',
    titles: ['Contact customer support', 'Support hours', 'Send feedback'],
    sentences: [
      'Live chat is open every day from 9am to 9pm.',
      'Leave a message and we reply within one business day.',
    ],
    keywords: ['support', 'contact'],
  },
];

const generalChinese = [
  '感谢您的耐心等待。',
  '如有其他问题，欢迎随时咨询。',
  '本说明适用于网页端和手机客户端。',
];
const generalEnglish = [
  'Thanks for your patience.',
  'This applies to the website and the mobile app.',
  'Contact us if anything is unclear.',
];

const buildArticles = (
  topics: Topic[],
  general: string[],
  count: number,
  joiner: string,
): FixtureArticle[] => {
  const articles: FixtureArticle[] = [];
  for (let round = 0; articles.length < count; round += 1) {
    for (const topic of topics) {
      const title = topic.titles[round % topic.titles.length] ?? topic.key;
      const suffix = round >= topic.titles.length ? ` (${round + 1})` : '';
      const sentences = [
        ...topic.sentences.slice(round % topic.sentences.length),
        ...topic.sentences.slice(0, round % topic.sentences.length),
      ];
      articles.push({
        title: `${title}${suffix}`,
        summary: sentences[0] ?? '',
        content: `<h2>${title}</h2>${sentences.map((sentence) => `<p>${sentence}</p>`).join('')}<p>${general.join(joiner)}</p>`,
        keywords: topic.keywords,
      });
      if (articles.length >= count) break;
    }
  }
  return articles;
};

/** At least `count` Chinese help articles over the topics above. */
export const chineseArticles = (count = 50) => buildArticles(chineseTopics, generalChinese, count, '');

/** At least `count` English help articles over the topics above. */
export const englishArticles = (count = 50) => buildArticles(englishTopics, generalEnglish, count, ' ');

/** Writes articles straight through the service (no HTTP, no permission checks): cheap fixtures. */
export const insertArticles = async (
  db: Executor,
  dialect: DialectName,
  author: { orgId: number; userId: number },
  articles: (FixtureArticle & { status?: 'draft' | 'published'; type?: ArticleType })[],
): Promise<string[]> => {
  const service = createArticleService({
    db,
    dialect,
    access: { can: async () => true, assert: async () => undefined },
  });
  const principal = { ...author, isAdminAccount: true } as Principal;
  const aids: string[] = [];
  for (const article of articles) {
    const saved = await service.create(principal, {
      type: article.type ?? 'support',
      title: article.title,
      summary: article.summary,
      content: article.content,
      keywords: article.keywords,
      status: article.status ?? 'published',
    });
    aids.push(saved.aid);
  }
  return aids;
};
