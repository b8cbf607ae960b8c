import type { SiteCommodity } from '../commodity.js';
import type { Translate } from '../i18n.js';
import { CommodityView } from './MessageCard.js';

/** The product the visitor was looking at, offered above the composer until they send it. */
export const CommodityOffer = ({
  t,
  commodity,
  onSend,
}: {
  t: Translate;
  commodity: SiteCommodity;
  onSend: (commodity: SiteCommodity) => void;
}) => (
  <div class="okw-offer" role="group" aria-label={t('commodityAsk')} data-testid="chat-commodity-offer">
    <CommodityView card={commodity} t={t} />
    <button
      type="button"
      class="okw-button"
      data-testid="chat-commodity-send"
      onClick={() => onSend(commodity)}
    >
      {t('commoditySend')}
    </button>
  </div>
);
