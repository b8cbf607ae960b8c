/*
 * What the robot says passes the organisation's sensitive words like an agent's message does
 * (issue 14). Robot text is masked whatever the organisation's mode: a robot cannot be refused
 * and asked to rephrase, so "block" masks too. Its answers are HTML (sanitised FAQ answers,
 * rendered Markdown), so only the visible text is looked at: tags, attributes and entities are
 * left as written and stay well-formed.
 */

/** Masks one piece of plain text; the same length in code points, `*` for each masked character. */
export type TextMasker = (text: string) => Promise<string>;

const markup = /(<[^>]*>|&(?:#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z][a-z0-9]{1,31});)/i;

/** The HTML with its text (between tags and entities) masked piece by piece. */
export const maskHtmlText = async (html: string, mask: TextMasker): Promise<string> => {
  const pieces = html.split(markup);
  const masked = await Promise.all(
    // split() with a capturing group puts the markup at the odd indexes.
    pieces.map((piece, index) => (index % 2 === 1 || piece.trim() === '' ? piece : mask(piece))),
  );
  return masked.join('');
};

/**
 * The longest tail of a streamed answer kept back until more text (or the end) arrives. A word
 * can only be judged once what follows it is known (whole-word rule, longer terms), so text is
 * released only when no sensitive word of up to `streamHoldBack - 1` characters can still change
 * it. Longer terms are masked in the stored answer, which replaces the stream.
 */
export const streamHoldBack = 32;

/**
 * Streams masked text: `push` each delta as it arrives, `finish` once the answer is complete.
 * `emit` is called in order with the masked text released so far; joined, the emitted pieces are
 * the masked answer.
 */
export const createStreamMasker = (
  mask: TextMasker,
  emit: (delta: string) => void,
  holdBack = streamHoldBack,
) => {
  let raw = '';
  let sent = 0;
  let chain: Promise<void> = Promise.resolve();

  const release = async (isFinal: boolean) => {
    const masked = Array.from(await mask(raw));
    const until = isFinal ? masked.length : masked.length - holdBack;
    if (until > sent) {
      emit(masked.slice(sent, until).join(''));
      sent = until;
    }
  };

  const push = (delta: string) => {
    raw += delta;
    chain = chain.then(() => release(false));
  };

  /** Waits for the pending pieces, then releases the rest. */
  const finish = async () => {
    await chain;
    await release(true);
  };

  return { push, finish };
};
