import type { VisitorHelpSearchResult } from '@openkefu/contract';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Api } from '../api.js';
import type { Translate } from '../i18n.js';
import { highlightParts, isWebUrl } from './highlight.js';

type Hit = VisitorHelpSearchResult['hits'][number];

type SearchState =
  | { kind: 'idle' }
  | { kind: 'searching'; q: string }
  | { kind: 'done'; q: string; hits: Hit[] }
  | { kind: 'failed'; q: string; reason: string };

/** Typing pauses this long before a search runs on its own (Enter searches at once). */
export const searchDelayMs = 350;

const Highlighted = ({ html }: { html: string }) => (
  <>
    {highlightParts(html).map((part, index) =>
      part.isMark ? <mark key={index}>{part.text}</mark> : part.text,
    )}
  </>
);

/**
 * The help-centre search a skill group may offer (helpCenterSearch): before the chat, with
 * "start the chat" to go on (`onStart`), and above the leave-message form (no `onStart`).
 * Articles open in a new tab, so the chat page stays where it is.
 */
export const HelpSearch = ({
  t,
  api,
  org,
  wid,
  onStart,
}: {
  t: Translate;
  api: Api;
  org: string;
  wid: string;
  onStart?: () => void;
}) => {
  const [query, setQuery] = useState('');
  const [state, setState] = useState<SearchState>({ kind: 'idle' });
  const latest = useRef('');
  const timer = useRef<ReturnType<typeof setTimeout>>();

  const search = (value: string) => {
    clearTimeout(timer.current);
    const q = value.trim();
    latest.current = q;
    if (q === '') return setState({ kind: 'idle' });
    setState({ kind: 'searching', q });
    api.helpSearch({ org, wid, q }).then(
      (result) => {
        // An answer to an older query must not replace a newer one.
        if (latest.current === q) setState({ kind: 'done', q, hits: result.hits });
      },
      (error: unknown) => {
        if (latest.current === q)
          setState({ kind: 'failed', q, reason: error instanceof Error ? error.message : String(error) });
      },
    );
  };

  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <section class="okw-card okw-help" aria-labelledby="okw-help-title" data-testid="help-search">
      <strong id="okw-help-title">{t('helpTitle')}</strong>
      <form
        class="okw-input-row"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          search(query);
        }}
      >
        <label class="okw-sr" for="okw-help-q">
          {t('helpLabel')}
        </label>
        <input
          id="okw-help-q"
          class="okw-input"
          type="search"
          maxLength={100}
          autoComplete="off"
          placeholder={t('helpPlaceholder')}
          data-testid="help-query"
          value={query}
          onInput={(event) => {
            const value = event.currentTarget.value;
            setQuery(value);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => search(value), searchDelayMs);
          }}
        />
        <button type="submit" class="okw-button">
          {t('helpSearch')}
        </button>
      </form>
      <div aria-live="polite" data-testid="help-results">
        {state.kind === 'searching' && <p class="okw-muted">{t('helpSearching')}</p>}
        {state.kind === 'failed' && (
          <p class="okw-error" role="alert">
            {t('helpFailed', { reason: state.reason })}
          </p>
        )}
        {state.kind === 'done' && state.hits.length === 0 && (
          <p class="okw-muted">{t('helpNone', { q: state.q })}</p>
        )}
        {state.kind === 'done' && state.hits.length > 0 && (
          <ul class="okw-hits">
            {state.hits.map((hit) => (
              <li key={hit.aid}>
                <a href={isWebUrl(hit.url) ? hit.url : undefined} target="_blank" rel="noopener">
                  <Highlighted html={hit.titleHtml} />
                  <span class="okw-sr"> {t('helpNewTab')}</span>
                </a>
                {hit.snippetHtml && (
                  <p class="okw-muted">
                    <Highlighted html={hit.snippetHtml} />
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      {onStart && (
        <button type="button" class="okw-button" data-testid="help-start" onClick={onStart}>
          {state.kind === 'done' ? t('helpNoneOfThese') : t('helpStart')}
        </button>
      )}
    </section>
  );
};
