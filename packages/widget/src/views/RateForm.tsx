import { useState } from 'preact/hooks';
import type { Translate, WordKey } from '../i18n.js';
import { StarIcon } from '../icons.js';

const scoreWord = (score: number) => `rate${score}` as WordKey;

/** The rating card: asked by the agent's invitation, or on close when the group insists. */
export const RateForm = ({
  t,
  onSubmit,
  onSkip,
}: {
  t: Translate;
  onSubmit: (score: number, note: string) => Promise<void>;
  onSkip: () => void;
}) => {
  const [score, setScore] = useState(5);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  return (
    <form
      class="okw-card"
      data-testid="rate-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(score, note.trim()).catch((failure: unknown) =>
          setError(failure instanceof Error ? failure.message : String(failure)),
        );
      }}
    >
      <strong id="okw-rate-title">{t('rateTitle')}</strong>
      <div class="okw-stars" role="radiogroup" aria-labelledby="okw-rate-title">
        {[1, 2, 3, 4, 5].map((value) => (
          <button
            type="button"
            key={value}
            role="radio"
            aria-checked={score === value}
            aria-label={t(scoreWord(value))}
            title={t(scoreWord(value))}
            data-testid={`rate-score-${value}`}
            class={`okw-star ${value <= score ? 'okw-star--on' : ''}`}
            onClick={() => setScore(value)}
          >
            <StarIcon />
          </button>
        ))}
        <span class="okw-muted">{t(scoreWord(score))}</span>
      </div>
      <textarea
        class="okw-input"
        aria-label={t('rateNote')}
        placeholder={t('rateNote')}
        maxLength={500}
        value={note}
        onInput={(event) => setNote(event.currentTarget.value)}
      />
      {error && (
        <p class="okw-error" role="alert">
          {error}
        </p>
      )}
      <div class="okw-actions">
        <button type="button" class="okw-link" onClick={onSkip}>
          {t('rateSkip')}
        </button>
        <button type="submit" class="okw-button" data-testid="rate-submit">
          {t('rateSubmit')}
        </button>
      </div>
    </form>
  );
};
