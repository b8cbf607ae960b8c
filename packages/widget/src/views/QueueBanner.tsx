import type { Translate } from '../i18n.js';

/** While queuing: the visitor's place, pushed by the server as it moves. */
export const QueueBanner = ({ t, position }: { t: Translate; position: number }) => (
  <div class="okw-banner okw-banner--queue" role="status" data-testid="chat-queue">
    {t('queued', { position })}
  </div>
);
