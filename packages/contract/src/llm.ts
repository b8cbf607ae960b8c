import { z } from 'zod';

/*
 * Large-model answers (issue 14, admin-only `robot.zhipuai`): providers over the OpenAI-compatible
 * chat-completions protocol, which robot uses which, and the organisation's daily token limit.
 * API keys go in and never come back: responses carry the last four characters only.
 */

const pidSchema = z.string().trim().min(1).max(64);
const baseUrlSchema = z
  .string()
  .trim()
  .max(500)
  .refine((value) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), 'must be an http(s) address')
  .transform((value) => value.replace(/\/+$/, ''));

export const llmProviderSchema = z.object({
  pid: z.string(),
  name: z.string(),
  /** e.g. https://open.bigmodel.cn/api/paas/v4 — `/chat/completions` is appended. */
  baseUrl: z.string(),
  model: z.string(),
  /** '…' and the key's last four characters. */
  apiKeyHint: z.string(),
  /** uids of the robots that answer with it. */
  robots: z.array(z.string()),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type LlmProvider = z.infer<typeof llmProviderSchema>;

export const llmProviderCreateBodySchema = z.object({
  name: z.string().trim().min(1, 'is required').max(64),
  baseUrl: baseUrlSchema,
  model: z.string().trim().min(1, 'is required').max(128),
  apiKey: z.string().trim().min(1, 'is required').max(500),
});
export type LlmProviderCreateBody = z.input<typeof llmProviderCreateBodySchema>;

/** `apiKey` empty or absent keeps the stored key. */
export const llmProviderUpdateBodySchema = llmProviderCreateBodySchema.extend({
  pid: pidSchema,
  apiKey: z.string().trim().max(500).optional(),
});
export type LlmProviderUpdateBody = z.input<typeof llmProviderUpdateBodySchema>;

export const llmPidBodySchema = z.object({ pid: pidSchema });

/** POST /api/llm/provider/test — one short question to the provider. */
export const llmProviderTestResultSchema = z.object({
  ok: z.boolean(),
  latencyMs: z.number().int(),
  /** The provider's answer, or what went wrong. */
  message: z.string(),
});
export type LlmProviderTestResult = z.infer<typeof llmProviderTestResultSchema>;

/** POST /api/llm/robot — which provider a robot answers with (null: none, FAQs only). */
export const llmRobotBodySchema = z.object({
  uid: z.string().trim().min(1).max(64),
  pid: pidSchema.nullable(),
});

export const llmSettingsSchema = z.object({
  /** Tokens per UTC day for the organisation; 0 turns large-model answers off. */
  dailyTokenLimit: z.number().int(),
  /** Today's use so far. */
  usedToday: z.number().int(),
  answersToday: z.number().int(),
});
export type LlmSettings = z.infer<typeof llmSettingsSchema>;

export const llmSettingsBodySchema = z.object({
  dailyTokenLimit: z.number().int().min(0).max(1_000_000_000),
});
