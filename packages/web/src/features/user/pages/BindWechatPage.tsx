import { WechatSignIn } from '../components/WechatSignIn';

/** /antv/user/bind-wechat — landing page of a WeChat scan sign-in. */
export const BindWechatPage = () => <WechatSignIn provider="wechat" />;
