/** Plain text as the HTML of a FAQ answer: each non-empty line a paragraph, characters escaped. */
export const textToAnswerHtml = (text: string): string =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map(
      (line) =>
        `<p>${line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')}</p>`,
    )
    .join('');

/** The phrasings a resolve may carry (the server takes at most 50 of at most 200 characters). */
export const phrasings = (questions: string[]): string[] =>
  [
    ...new Set(
      questions.map((question) => question.trim().slice(0, 200)).filter((question) => question !== ''),
    ),
  ].slice(0, 50);
