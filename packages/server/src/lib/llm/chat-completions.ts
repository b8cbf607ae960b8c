/*
 * A client for the OpenAI-compatible chat-completions protocol (POST {baseUrl}/chat/completions),
 * which Zhipu's GLM, DeepSeek, Qwen, Moonshot, Ollama and vLLM all speak. It streams: the answer
 * arrives as server-sent events (`data: {json}` blocks, `data: [DONE]` at the end), each with a
 * token of text in `choices[0].delta.content`; with `stream_options.include_usage` the last chunk
 * carries the token counts. Nothing here knows about the robot; errors are one typed class.
 */

export type ChatRole = 'system' | 'user' | 'assistant';
export type ChatMessage = { role: ChatRole; content: string };
export type CompletionUsage = { promptTokens: number; completionTokens: number; totalTokens: number };
export type Completion = { text: string; usage: CompletionUsage | null; finishReason: string | null };

export type LlmErrorKind = 'http' | 'timeout' | 'network' | 'protocol' | 'aborted';

export class LlmError extends Error {
  constructor(
    readonly kind: LlmErrorKind,
    message: string,
    readonly status: number | null = null,
    /** What had arrived before it failed. */
    readonly partialText = '',
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

export type CompletionRequest = {
  baseUrl: string;
  apiKey: string;
  model: string;
  messages: ChatMessage[];
  maxTokens?: number;
  temperature?: number;
  /** The whole answer must have arrived by then (default 60 s). */
  timeoutMs?: number;
  /** The longest silence between two chunks, and before the first (default 20 s). */
  idleTimeoutMs?: number;
  /** Each piece of text as it arrives. */
  onToken?: (text: string) => void;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
};

const usageOf = (value: unknown): CompletionUsage | null => {
  if (typeof value !== 'object' || value === null) return null;
  const usage = value as Record<string, unknown>;
  const prompt = Number(usage.prompt_tokens ?? 0);
  const completion = Number(usage.completion_tokens ?? 0);
  const total = Number(usage.total_tokens ?? prompt + completion);
  return Number.isFinite(total)
    ? { promptTokens: prompt, completionTokens: completion, totalTokens: total }
    : null;
};

/** The provider's own words from an error body (`{ error: { message } }`), else the status text. */
const errorMessageOf = (body: string, fallback: string): string => {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const message =
      typeof parsed.error === 'string'
        ? parsed.error
        : typeof parsed.error?.message === 'string'
          ? parsed.error.message
          : typeof parsed.message === 'string'
            ? parsed.message
            : '';
    if (message) return message.slice(0, 300);
  } catch {
    // Not JSON: the status text says enough.
  }
  return fallback;
};

export const chatCompletionsUrl = (baseUrl: string) => `${baseUrl.replace(/\/+$/, '')}/chat/completions`;

export const streamChatCompletion = async (request: CompletionRequest): Promise<Completion> => {
  const fetchImpl = request.fetchImpl ?? fetch;
  const controller = new AbortController();
  let timedOut: 'total' | 'idle' | null = null;
  const total = setTimeout(() => {
    timedOut = 'total';
    controller.abort();
  }, request.timeoutMs ?? 60_000);
  let idle: ReturnType<typeof setTimeout> | undefined;
  const resetIdle = () => {
    clearTimeout(idle);
    idle = setTimeout(() => {
      timedOut = 'idle';
      controller.abort();
    }, request.idleTimeoutMs ?? 20_000);
  };
  const onAbort = () => controller.abort();
  request.signal?.addEventListener('abort', onAbort, { once: true });
  let text = '';

  const failure = (error: unknown): LlmError => {
    if (error instanceof LlmError) return error;
    if (timedOut)
      return new LlmError(
        'timeout',
        timedOut === 'idle' ? 'the provider stopped sending' : 'the provider took too long',
        null,
        text,
      );
    if (request.signal?.aborted) return new LlmError('aborted', 'cancelled', null, text);
    return new LlmError('network', error instanceof Error ? error.message : String(error), null, text);
  };

  try {
    resetIdle();
    const response = await fetchImpl(chatCompletionsUrl(request.baseUrl), {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${request.apiKey}`,
        'Content-Type': 'application/json',
        Accept: 'text/event-stream',
      },
      body: JSON.stringify({
        model: request.model,
        messages: request.messages,
        stream: true,
        stream_options: { include_usage: true },
        ...(request.maxTokens ? { max_tokens: request.maxTokens } : {}),
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      }),
      signal: controller.signal,
    });
    if (!response.ok) {
      const body = (await response.text()).slice(0, 4000);
      throw new LlmError('http', errorMessageOf(body, `HTTP ${response.status}`), response.status);
    }
    // A server that ignores `stream` answers one JSON completion.
    if ((response.headers.get('content-type') ?? '').includes('application/json')) {
      const body = (await response.json()) as {
        choices?: { message?: { content?: unknown }; finish_reason?: unknown }[];
        usage?: unknown;
      };
      const content = body.choices?.[0]?.message?.content;
      if (typeof content !== 'string') throw new LlmError('protocol', 'the answer holds no message');
      request.onToken?.(content);
      return {
        text: content,
        usage: usageOf(body.usage),
        finishReason:
          typeof body.choices?.[0]?.finish_reason === 'string' ? body.choices[0].finish_reason : null,
      };
    }
    if (!response.body) throw new LlmError('protocol', 'the answer has no body');

    const decoder = new TextDecoder();
    let buffer = '';
    let usage: CompletionUsage | null = null;
    let finishReason: string | null = null;
    let isDone = false;
    let malformed = 0;
    const handleEvent = (block: string) => {
      const data = block
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n');
      if (data === '') return;
      if (data.trim() === '[DONE]') {
        isDone = true;
        return;
      }
      let chunk: {
        choices?: { delta?: { content?: unknown }; finish_reason?: unknown }[];
        usage?: unknown;
        error?: unknown;
      };
      try {
        chunk = JSON.parse(data) as typeof chunk;
      } catch {
        // One garbled chunk is skipped; an answer made only of them is refused below.
        malformed += 1;
        return;
      }
      if (chunk.error)
        throw new LlmError('http', errorMessageOf(data, 'the provider reported an error'), null, text);
      const choice = chunk.choices?.[0];
      const piece = choice?.delta?.content;
      if (typeof piece === 'string' && piece !== '') {
        text += piece;
        request.onToken?.(piece);
      }
      if (typeof choice?.finish_reason === 'string') finishReason = choice.finish_reason;
      const counted = usageOf(chunk.usage);
      if (counted) usage = counted;
    };
    const reader = response.body.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      resetIdle();
      buffer += decoder.decode(value, { stream: true });
      let boundary = /\r?\n\r?\n/.exec(buffer);
      while (boundary) {
        handleEvent(buffer.slice(0, boundary.index));
        buffer = buffer.slice(boundary.index + boundary[0].length);
        if (isDone) break;
        boundary = /\r?\n\r?\n/.exec(buffer);
      }
      if (isDone) {
        await reader.cancel().catch(() => undefined);
        break;
      }
    }
    if (!isDone && buffer.trim() !== '') handleEvent(buffer);
    if (!isDone && finishReason === null)
      throw new LlmError('protocol', 'the stream ended before the answer was finished', null, text);
    if (text === '' && malformed > 0) throw new LlmError('protocol', 'the stream held no readable chunk');
    return { text, usage, finishReason };
  } catch (error) {
    throw failure(error);
  } finally {
    clearTimeout(total);
    clearTimeout(idle);
    request.signal?.removeEventListener('abort', onAbort);
  }
};
