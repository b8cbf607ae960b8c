import type { Translate } from '../i18n.js';
import type { Phase } from '../state/chat.js';

type StatusPhase = Extract<Phase, { kind: 'loading' | 'error' | 'unknown' | 'incomplete' | 'blocked' }>;

export const isStatusPhase = (phase: Phase): phase is StatusPhase =>
  ['loading', 'error', 'unknown', 'incomplete', 'blocked'].includes(phase.kind);

/** The screens with nothing to do but read: loading, failures and refusals. */
export const StatusView = ({
  t,
  phase,
  onRetry,
}: {
  t: Translate;
  phase: StatusPhase;
  onRetry?: () => void;
}) => {
  switch (phase.kind) {
    case 'loading':
      return <div class="okw-center okw-muted">{t('connecting')}</div>;
    case 'error':
      return (
        <div class="okw-center" role="alert">
          <p>{t('loadFailed', { reason: phase.reason })}</p>
          {onRetry && (
            <button type="button" class="okw-button" onClick={onRetry}>
              {t('retry')}
            </button>
          )}
        </div>
      );
    case 'unknown':
      return (
        <div class="okw-center" role="alert" data-testid="chat-unknown">
          {t('unknownGroup')}
        </div>
      );
    case 'incomplete':
      return (
        <div class="okw-center" role="alert" data-testid="chat-incomplete">
          {t('incompleteLink')}
        </div>
      );
    case 'blocked':
      return (
        <div class="okw-center" role="alert" data-testid="chat-blocked">
          {t('blocked')}
        </div>
      );
  }
};
