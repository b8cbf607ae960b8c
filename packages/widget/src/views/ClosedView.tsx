import type { Translate } from '../i18n.js';

/** The end of a conversation, in place of the composer. */
export const ClosedView = ({ t, onNewChat }: { t: Translate; onNewChat: () => void }) => (
  <div class="okw-closed" data-testid="chat-closed">
    <p>{t('closed')}</p>
    <button type="button" class="okw-button" onClick={onNewChat}>
      {t('newChat')}
    </button>
  </div>
);
