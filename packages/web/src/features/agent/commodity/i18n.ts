import { i18n } from '../../../shared/i18n';
import { WORKBENCH_NS } from '../i18n';

/* Product cards' words, merged into the workbench namespace (deep: nothing else is replaced). */
i18n.addResourceBundle(
  'en-US',
  WORKBENCH_NS,
  {
    commodity: {
      pinned: 'The visitor is looking at',
      send: 'Send a product card',
      title: 'Product name',
      price: 'Price',
      image: 'Image address (https)',
      url: 'Product page (http or https)',
      submit: 'Send',
      required: 'Required',
      badUrl: 'Enter an http or https address',
      badImage: 'Enter an https address, or leave it empty',
    },
  },
  true,
  true,
);
i18n.addResourceBundle(
  'zh-CN',
  WORKBENCH_NS,
  {
    commodity: {
      pinned: '访客正在浏览',
      send: '发送商品卡片',
      title: '商品名称',
      price: '价格',
      image: '图片地址（https）',
      url: '商品链接（http 或 https）',
      submit: '发送',
      required: '必填',
      badUrl: '请输入 http 或 https 地址',
      badImage: '请输入 https 地址，或留空',
    },
  },
  true,
  true,
);
