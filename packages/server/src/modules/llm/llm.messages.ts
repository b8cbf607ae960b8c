import { registerMessages, type CatalogueEntry } from '../../http/i18n.js';

/** Server messages of large-model providers (registered with http/i18n.ts below). */
export const llmMessages = {
  'llm.adminOnly': {
    'en-US': 'Only the admin account may manage large-model providers',
    'zh-CN': '仅管理员账号可以管理大模型',
  },
  'llm.providerNotFound': {
    'en-US': 'Provider "{pid}" does not exist',
    'zh-CN': '大模型服务「{pid}」不存在',
  },
  'llm.robotNotFound': { 'en-US': 'Robot "{uid}" does not exist', 'zh-CN': '机器人「{uid}」不存在' },
  'llm.robotType': {
    'en-US': 'Only robots of a large-model type (zhipuai_platform, zhipuai_private) answer with a provider',
    'zh-CN': '只有大模型类型（zhipuai_platform、zhipuai_private）的机器人可以使用大模型服务',
  },
} satisfies Record<string, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    llm: typeof llmMessages;
  }
}

registerMessages(llmMessages);
