import { WechatSignIn } from '../components/WechatSignIn';

/** /antv/user/bind-wechat-work — landing page of a WeCom (WeChat Work) scan sign-in. */
export const BindWechatWorkPage = () => <WechatSignIn provider="wechatWork" />;
