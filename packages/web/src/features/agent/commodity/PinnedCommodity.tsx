import './commodity.css';
import './i18n';
import { useTranslation } from 'react-i18next';
import type { CommodityCard, Message } from '@openkefu/contract';
import { CommodityCardView } from '../../../shared/components/MessageCard';
import { WORKBENCH_NS } from '../i18n';

/** The product the visitor sent last, for a conversation whose page reported none. */
export const latestVisitorCommodity = (messages: readonly Message[]) => {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (
      message?.sender.kind === 'visitor' &&
      message.status !== 'recall' &&
      message.card?.kind === 'commodity'
    )
      return message.card;
  }
  return null;
};

/**
 * What the visitor is looking at, pinned above the conversation: the product their page reported
 * (kept on the conversation), else the last one they sent.
 */
export const PinnedCommodity = ({
  reported,
  messages,
}: {
  reported: CommodityCard | null | undefined;
  messages: readonly Message[];
}) => {
  const { t } = useTranslation(WORKBENCH_NS);
  const card = reported ?? latestVisitorCommodity(messages);
  if (!card) return null;
  return (
    <div
      className="ok-wb-pinned"
      role="note"
      aria-label={t('commodity.pinned')}
      data-testid="pinned-commodity"
    >
      <span className="ok-wb-pinned__label">{t('commodity.pinned')}</span>
      <CommodityCardView card={card} />
    </div>
  );
};
