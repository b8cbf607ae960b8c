import { i18n } from '../../../shared/i18n';
import { WORKBENCH_NS } from '../i18n';

/* Red packets' words, merged into the workbench namespace (deep: nothing else is replaced). */
i18n.addResourceBundle(
  'en-US',
  WORKBENCH_NS,
  {
    redPacket: {
      send: 'Give a red packet',
      hint: 'A coupon or credit your shop honours: the visitor opens it in the chat and you see when. No money moves through OpenKefu.',
      amount: 'Worth',
      amountPlaceholder: '¥10, 10% off…',
      greeting: 'Greeting',
      greetingPlaceholder: 'Sorry for the wait!',
      code: 'Code to redeem',
      url: 'Where to use it (http or https)',
      submit: 'Give',
      required: 'Required',
      badUrl: 'Enter an http or https address, or leave it empty',
    },
  },
  true,
  true,
);
i18n.addResourceBundle(
  'zh-CN',
  WORKBENCH_NS,
  {
    redPacket: {
      send: '发红包',
      hint: '店铺兑现的优惠券或抵用金：访客在会话中拆开，你能看到拆开时间。OpenKefu 不经手任何资金。',
      amount: '面值',
      amountPlaceholder: '¥10、九折……',
      greeting: '祝福语',
      greetingPlaceholder: '抱歉让您久等了！',
      code: '兑换码',
      url: '使用地址（http 或 https）',
      submit: '发送',
      required: '必填',
      badUrl: '请输入 http 或 https 地址，或留空',
    },
  },
  true,
  true,
);
