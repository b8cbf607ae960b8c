import type {
  LlmProvider,
  LlmProviderCreateBody,
  LlmProviderTestResult,
  LlmProviderUpdateBody,
  LlmSettings,
} from '@openkefu/contract';
import {
  llmProviderCreateBodySchema,
  llmProviderUpdateBodySchema,
  llmSettingsBodySchema,
} from '@openkefu/contract';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { createPublicId } from '../../lib/ids.js';
import {
  LlmError,
  streamChatCompletion,
  type Completion,
  type CompletionUsage,
} from '../../lib/llm/chat-completions.js';
import type { Sealer } from '../../lib/sealed.js';
import type { Principal } from '../auth/auth.service.js';
import './llm.messages.js';

/*
 * Large-model providers (OpenAI-compatible chat completions) for the robots of type zhipuai_*:
 * the admin account manages them; keys are sealed at rest and never returned. `answer` is what
 * live chat calls: the robot's provider, within the organisation's daily token limit, streamed.
 */

/** Tokens per UTC day when the organisation has not chosen a limit. */
export const defaultDailyTokenLimit = 100_000;
const llmRobotTypes = ['zhipuai_platform', 'zhipuai_private'];

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const hintOf = (apiKey: string) => `…${apiKey.slice(-4)}`;

/** The tokens of one answer: the provider's counts, or estimated when it sent none. */
export type RobotTokenUsage = CompletionUsage & { isEstimated: boolean };

/** Without a usage chunk: about one token per two characters of Chinese or four of English. */
export const estimateTokens = (text: string): number => Math.ceil(text.length / 2);

/**
 * Whether a failed call cost tokens: not when the provider refused it with an HTTP status or was
 * never reached; yes once it had accepted the request (a timeout, a broken or cut stream, an
 * error reported mid-stream).
 */
export const hasSpentTokens = (error: LlmError): boolean =>
  !(error.kind === 'http' && error.status !== null) &&
  !(error.kind === 'network' && error.partialText === '');

export type LlmPassage = { source: 'faq' | 'article'; aid: string; title: string; text: string };

/** The instructions and passages a robot answers from (the visitor's language, passages only). */
export const promptOf = (robotName: string, passages: LlmPassage[]): string =>
  [
    `You are ${robotName || 'the assistant'}, answering a customer of this company in a live chat.`,
    'Answer only from the passages below, briefly, in the language the customer writes in, in Markdown.',
    'If they do not hold the answer, say so plainly and offer to connect the customer with a person.',
    'Never invent prices, dates, policies or links.',
    '',
    ...passages.map((passage, index) => `[${index + 1}] ${passage.title}\n${passage.text}`),
  ].join('\n');

export const createLlmService = (deps: { db: Executor; sealer: Sealer; now?: () => number }) => {
  const { db, sealer } = deps;
  const now = deps.now ?? Date.now;

  const assertAdmin = (principal: Principal) => {
    if (!principal.isAdminAccount) throw AppError.forbidden('llm.adminOnly');
  };

  const loadProvider = async (orgId: number, pid: string) => {
    const row = await db
      .selectFrom('llm_provider')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('pid', '=', pid)
      .executeTakeFirst();
    if (!row) throw AppError.notFound('llm.providerNotFound', { pid });
    return row;
  };

  const list = async (principal: Principal): Promise<LlmProvider[]> => {
    assertAdmin(principal);
    const [rows, links] = await Promise.all([
      db
        .selectFrom('llm_provider')
        .selectAll()
        .where('org_id', '=', principal.orgId)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('llm_robot')
        .innerJoin('user', 'user.id', 'llm_robot.user_id')
        .select(['llm_robot.provider_id', 'user.uid'])
        .where('llm_robot.org_id', '=', principal.orgId)
        .execute(),
    ]);
    return rows.map((row) => ({
      pid: row.pid,
      name: row.name,
      baseUrl: row.base_url,
      model: row.model,
      apiKeyHint: row.api_key_hint,
      robots: links.filter((link) => Number(link.provider_id) === Number(row.id)).map((link) => link.uid),
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
    }));
  };

  const byPid = async (principal: Principal, pid: string) =>
    (await list(principal)).find((provider) => provider.pid === pid) as LlmProvider;

  const create = async (principal: Principal, input: LlmProviderCreateBody): Promise<LlmProvider> => {
    assertAdmin(principal);
    const body = llmProviderCreateBodySchema.parse(input);
    const pid = createPublicId();
    const at = now();
    await db
      .insertInto('llm_provider')
      .values({
        pid,
        org_id: principal.orgId,
        name: body.name,
        base_url: body.baseUrl,
        model: body.model,
        api_key_sealed: sealer.seal(body.apiKey),
        api_key_hint: hintOf(body.apiKey),
        created_at: at,
        updated_at: at,
      })
      .execute();
    return byPid(principal, pid);
  };

  const update = async (principal: Principal, input: LlmProviderUpdateBody): Promise<LlmProvider> => {
    assertAdmin(principal);
    const body = llmProviderUpdateBodySchema.parse(input);
    const row = await loadProvider(principal.orgId, body.pid);
    const apiKey = body.apiKey ?? '';
    await db
      .updateTable('llm_provider')
      .set({
        name: body.name,
        base_url: body.baseUrl,
        model: body.model,
        ...(apiKey !== '' ? { api_key_sealed: sealer.seal(apiKey), api_key_hint: hintOf(apiKey) } : {}),
        updated_at: now(),
      })
      .where('id', '=', row.id)
      .execute();
    return byPid(principal, body.pid);
  };

  const remove = async (principal: Principal, pid: string): Promise<void> => {
    assertAdmin(principal);
    const row = await loadProvider(principal.orgId, pid);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('llm_robot').where('provider_id', '=', row.id).execute();
      await trx.deleteFrom('llm_provider').where('id', '=', row.id).execute();
    });
  };

  /** One short question to the provider: does the address, model and key work? */
  const test = async (principal: Principal, pid: string): Promise<LlmProviderTestResult> => {
    assertAdmin(principal);
    const row = await loadProvider(principal.orgId, pid);
    const started = now();
    try {
      const completion = await streamChatCompletion({
        baseUrl: row.base_url,
        apiKey: sealer.open(row.api_key_sealed),
        model: row.model,
        messages: [{ role: 'user', content: 'Reply with the single word: ready' }],
        maxTokens: 16,
        timeoutMs: 20_000,
      });
      return { ok: true, latencyMs: now() - started, message: completion.text.trim().slice(0, 200) };
    } catch (error) {
      return {
        ok: false,
        latencyMs: now() - started,
        message: error instanceof LlmError ? error.message : 'the provider could not be reached',
      };
    }
  };

  /** Which provider a robot answers with; null unlinks it (it answers from FAQs only). */
  const assign = async (principal: Principal, body: { uid: string; pid: string | null }): Promise<void> => {
    assertAdmin(principal);
    const robot = await db
      .selectFrom('user')
      .select(['id', 'robot_type'])
      .where('org_id', '=', principal.orgId)
      .where('uid', '=', body.uid)
      .where('is_robot', '=', 1)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!robot) throw AppError.notFound('llm.robotNotFound', { uid: body.uid });
    if (body.pid === null) {
      await db.deleteFrom('llm_robot').where('user_id', '=', robot.id).execute();
      return;
    }
    if (!llmRobotTypes.includes(robot.robot_type ?? ''))
      throw AppError.badRequest('llm.robotType', {
        fields: [{ field: 'uid', message: 'not a large-model robot (zhipuai_platform or zhipuai_private)' }],
      });
    const provider = await loadProvider(principal.orgId, body.pid);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('llm_robot').where('user_id', '=', robot.id).execute();
      await trx
        .insertInto('llm_robot')
        .values({ user_id: robot.id, org_id: principal.orgId, provider_id: provider.id })
        .execute();
    });
  };

  const limitOf = async (orgId: number) =>
    Number(
      (
        await db
          .selectFrom('llm_setting')
          .select('daily_token_limit')
          .where('org_id', '=', orgId)
          .executeTakeFirst()
      )?.daily_token_limit ?? defaultDailyTokenLimit,
    );

  const usageToday = async (orgId: number) => {
    const row = await db
      .selectFrom('llm_usage')
      .select(['tokens', 'answers'])
      .where('org_id', '=', orgId)
      .where('day', '=', utcDay(now()))
      .executeTakeFirst();
    return { tokens: Number(row?.tokens ?? 0), answers: Number(row?.answers ?? 0) };
  };

  const settings = async (principal: Principal): Promise<LlmSettings> => {
    assertAdmin(principal);
    const used = await usageToday(principal.orgId);
    return {
      dailyTokenLimit: await limitOf(principal.orgId),
      usedToday: used.tokens,
      answersToday: used.answers,
    };
  };

  const saveSettings = async (
    principal: Principal,
    input: { dailyTokenLimit: number },
  ): Promise<LlmSettings> => {
    assertAdmin(principal);
    const body = llmSettingsBodySchema.parse(input);
    await db
      .insertInto('llm_setting')
      .values({ org_id: principal.orgId, daily_token_limit: body.dailyTokenLimit, updated_at: now() })
      .onConflict((conflict) =>
        conflict.column('org_id').doUpdateSet({ daily_token_limit: body.dailyTokenLimit, updated_at: now() }),
      )
      .execute();
    return settings(principal);
  };

  /** Adds to today's tokens; `answers` counts finished answers only (a failed call adds 0). */
  const recordUsage = async (orgId: number, tokens: number, answers: 0 | 1) => {
    await db
      .insertInto('llm_usage')
      .values({ org_id: orgId, day: utcDay(now()), tokens, answers })
      .onConflict((conflict) =>
        conflict.columns(['org_id', 'day']).doUpdateSet((eb) => ({
          tokens: eb('llm_usage.tokens', '+', eb.ref('excluded.tokens')),
          answers: eb('llm_usage.answers', '+', eb.ref('excluded.answers')),
        })),
      )
      .execute();
  };

  /**
   * Live chat: the robot's answer from its provider, streamed through `onDelta`; null when the
   * robot has no provider or the organisation's tokens for today are spent (the caller answers
   * from the FAQs). Provider failures throw LlmError (the caller falls back) after counting what the
   * failed call spent. Tokens are counted from the provider's usage, or estimated when it sends none,
   * and returned so that the answer's event records them.
   */
  const answer = async (input: {
    orgId: number;
    robotId: number;
    robotName: string;
    question: string;
    passages: LlmPassage[];
    onDelta: (delta: string) => void;
  }): Promise<{ text: string; usage: RobotTokenUsage } | null> => {
    const provider = await db
      .selectFrom('llm_robot')
      .innerJoin('llm_provider', 'llm_provider.id', 'llm_robot.provider_id')
      .innerJoin('user', 'user.id', 'llm_robot.user_id')
      .select([
        'llm_provider.base_url',
        'llm_provider.model',
        'llm_provider.api_key_sealed',
        'user.robot_type',
      ])
      .where('llm_robot.org_id', '=', input.orgId)
      .where('llm_robot.user_id', '=', input.robotId)
      .executeTakeFirst();
    if (!provider || !llmRobotTypes.includes(provider.robot_type ?? '')) return null;
    const [limit, used] = await Promise.all([limitOf(input.orgId), usageToday(input.orgId)]);
    if (used.tokens >= limit) return null;
    const system = promptOf(input.robotName, input.passages);
    const promptEstimate = estimateTokens(system) + estimateTokens(input.question);
    let completion: Completion;
    try {
      completion = await streamChatCompletion({
        baseUrl: provider.base_url,
        apiKey: sealer.open(provider.api_key_sealed),
        model: provider.model,
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: input.question },
        ],
        maxTokens: 800,
        temperature: 0.2,
        timeoutMs: 30_000,
        idleTimeoutMs: 15_000,
        onToken: input.onDelta,
      });
    } catch (error) {
      // A failed call still spent tokens once the provider took it: the prompt it read and what it
      // wrote before failing count against today's limit (a refused request or no connection: none).
      if (error instanceof LlmError && hasSpentTokens(error))
        await recordUsage(input.orgId, promptEstimate + estimateTokens(error.partialText), 0);
      throw error;
    }
    const completionEstimate = estimateTokens(completion.text);
    const usage: RobotTokenUsage = completion.usage
      ? { ...completion.usage, isEstimated: false }
      : {
          promptTokens: promptEstimate,
          completionTokens: completionEstimate,
          totalTokens: promptEstimate + completionEstimate,
          isEstimated: true,
        };
    await recordUsage(input.orgId, usage.totalTokens, 1);
    return { text: completion.text, usage };
  };

  return { list, create, update, remove, test, assign, settings, saveSettings, answer };
};

export type LlmService = ReturnType<typeof createLlmService>;
