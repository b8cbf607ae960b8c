import type { ChannelAccount } from '@openkefu/contract';

/*
 * The integration code of the SDK channels (docs/sdk.md): what an app developer pastes. The
 * values come from the account (app key, skill group) and the console's own origin.
 */

export type SnippetContext = {
  origin: string;
  /** The organisation's subDomain, for the H5 chat page. */
  subDomain: string;
  account: ChannelAccount | null;
  language: 'en-US' | 'zh-CN';
};

/** The app key, or a placeholder before an account exists. */
const keyOf = (context: SnippetContext) => context.account?.appKey ?? 'YOUR_APP_KEY';

/** `requestThread` with the account's skill group; without one the server routes to the default. */
const requestThreadOf = (context: SnippetContext) =>
  context.account?.workgroup ? `{ wid: '${context.account.workgroup.wid}' }` : '';

export const installSnippet = 'npm install @openkefu/sdk socket.io-client';

const chatSnippet = (
  context: SnippetContext,
) => `kefu.on('message', (message) => showMessage(message)); // once per message, by mid
const { thread } = await kefu.connect();
if (!thread) await kefu.requestThread(${requestThreadOf(context)});
const { messages } = await kefu.history(); // earlier messages of the conversation
await kefu.send({ type: 'text', content: 'Hello' });`;

/** React Native (the App channel): the token in AsyncStorage keeps the same visitor across starts. */
export const reactNativeSnippet = (
  context: SnippetContext,
) => `import AsyncStorage from '@react-native-async-storage/async-storage';
import { createKefuClient } from '@openkefu/sdk';

const kefu = createKefuClient({
  baseUrl: '${context.origin}',
  appKey: '${keyOf(context)}',
  client: '${context.account?.config.platform || 'android'}',
  transports: ['websocket'],
  storage: {
    get: (key) => AsyncStorage.getItem(key),
    set: (key, value) => AsyncStorage.setItem(key, value),
  },
});

${chatSnippet(context)}`;

export const uniappSnippet = (context: SnippetContext) => `import { createKefuClient } from '@openkefu/sdk';

const kefu = createKefuClient({
  baseUrl: '${context.origin}',
  appKey: '${keyOf(context)}',
  client: 'uniapp',
  storage: {
    get: (key) => uni.getStorageSync(key) || null,
    set: (key, value) => uni.setStorageSync(key, value),
  },
});

${chatSnippet(context)}`;

/** The H5 chat page (packages/widget), for WebViews and menus. */
export const chatPageOf = (context: SnippetContext): string => {
  const query = new URLSearchParams({ org: context.subDomain });
  if (context.account?.workgroup) query.set('wid', context.account.workgroup.wid);
  query.set('lang', context.language);
  return `${context.origin}/chat/?${query.toString()}`;
};

export const uniappWebViewSnippet = (context: SnippetContext) =>
  `<web-view src="${chatPageOf(context)}"></web-view>`;

export const flutterWebViewSnippet = (context: SnippetContext) => `import 'package:flutter/material.dart';
import 'package:webview_flutter/webview_flutter.dart';

class SupportChatPage extends StatelessWidget {
  SupportChatPage({super.key});

  final controller = WebViewController()
    ..setJavaScriptMode(JavaScriptMode.unrestricted)
    ..loadRequest(Uri.parse('${chatPageOf(context)}'));

  @override
  Widget build(BuildContext context) => Scaffold(
        appBar: AppBar(title: const Text('Support')),
        body: WebViewWidget(controller: controller),
      );
}`;

export const flutterRestSnippet = (context: SnippetContext) => `import 'dart:convert';
import 'package:http/http.dart' as http;

// Identify the visitor once; keep the token (e.g. shared_preferences) to stay the same visitor.
final response = await http.post(
  Uri.parse('${context.origin}/visitor/api/init'),
  headers: {'Content-Type': 'application/json'},
  body: jsonEncode({
    'appKey': '${keyOf(context)}',
    'client': 'flutter',
    'page': 'app://support',
    'referrer': '',
  }),
);
final token = jsonDecode(response.body)['data']['token'] as String;
// Then: Authorization: Bearer <token> on /visitor/api/thread/request, /message/history…
// and Socket.IO at /socket.io/ with auth {'kind': 'visitor', 'token': token}.`;

/** A single-page app on the website: the SDK instead of the embed code's widget. */
export const webSdkSnippet = (context: SnippetContext) => `import { createKefuClient } from '@openkefu/sdk';

const kefu = createKefuClient({
  baseUrl: '${context.origin}',
  appKey: '${keyOf(context)}',
  client: 'web',
});

${chatSnippet(context)}`;
