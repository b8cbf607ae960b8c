import { useState } from 'preact/hooks';
import type { CommodityCard, LinkCard, LocationCard, MessageCard, RedPacketCard } from '@openkefu/contract';
import type { Translate } from '../i18n.js';
import { PinIcon } from '../icons.js';
import { formatCoordinates, isWebUrl, mapUrlOf } from './card-links.js';

/*
 * A message's card: a link preview, a location, a product. Everything is shown as text (Preact
 * escapes it); addresses are used only when they are http(s), images only when https.
 */

const safeHref = (url: string) => (isWebUrl(url) ? url : undefined);
const safeImage = (url: string) => (url.startsWith('https://') && isWebUrl(url) ? url : undefined);

const LinkCardView = ({ card, t }: { card: LinkCard; t: Translate }) => {
  const image = safeImage(card.image);
  return (
    <a
      class="okw-card-link"
      href={safeHref(card.url)}
      target="_blank"
      rel="noopener noreferrer nofollow"
      data-testid="chat-link-card"
      aria-label={`${t('linkCard')}: ${card.title}`}
    >
      {image && <img class="okw-card-image" src={image} alt="" loading="lazy" referrerpolicy="no-referrer" />}
      <span class="okw-card-body">
        <strong class="okw-card-title">{card.title}</strong>
        {card.description && <span class="okw-card-text">{card.description}</span>}
        {card.siteName && <span class="okw-muted">{card.siteName}</span>}
      </span>
    </a>
  );
};

const LocationView = ({ card, t }: { card: LocationCard; t: Translate }) => (
  <a
    class="okw-card-link okw-location"
    href={mapUrlOf(card)}
    target="_blank"
    rel="noopener noreferrer nofollow"
    data-testid="chat-location"
  >
    <span class="okw-file-icon">
      <PinIcon />
    </span>
    <span class="okw-card-body">
      <strong class="okw-card-title">{card.name || t('locationLabel')}</strong>
      {card.address && <span class="okw-card-text">{card.address}</span>}
      <span class="okw-muted">{formatCoordinates(card)}</span>
      <span class="okw-card-action">{t('locationOpenMap')}</span>
    </span>
  </a>
);

export const CommodityView = ({
  card,
  t,
}: {
  card: Pick<CommodityCard, 'title' | 'price' | 'image' | 'url'>;
  t: Translate;
}) => {
  const image = safeImage(card.image);
  return (
    <a
      class="okw-card-link okw-commodity"
      href={safeHref(card.url)}
      target="_blank"
      rel="noopener noreferrer nofollow"
      data-testid="chat-commodity"
    >
      {image && <img class="okw-card-thumb" src={image} alt="" loading="lazy" referrerpolicy="no-referrer" />}
      <span class="okw-card-body">
        <strong class="okw-card-title">{card.title}</strong>
        {card.price && <span class="okw-card-price">{card.price}</span>}
        <span class="okw-card-action">{t('commodityView')}</span>
      </span>
    </a>
  );
};

/** Opens a red packet of the conversation (resolves once the stored copy is shown). */
export type OpenRedPacket = (mid: string) => Promise<void>;

/** A red packet from the shop: its greeting and an Open button, then what it holds and where to use it. */
const RedPacketView = ({
  mid,
  card,
  t,
  onOpen,
}: {
  mid: string;
  card: RedPacketCard;
  t: Translate;
  onOpen?: OpenRedPacket;
}) => {
  const [state, setState] = useState<{ isOpening: boolean; error: string }>({ isOpening: false, error: '' });
  const href = card.url ? safeHref(card.url) : undefined;
  const open = () => {
    if (!onOpen || state.isOpening) return;
    setState({ isOpening: true, error: '' });
    onOpen(mid).then(
      () => setState({ isOpening: false, error: '' }),
      (error: unknown) =>
        setState({
          isOpening: false,
          error: t('redPacketOpenFailed', { reason: error instanceof Error ? error.message : '' }),
        }),
    );
  };
  return (
    <div class="okw-red-packet" data-testid="chat-red-packet">
      <span class="okw-muted">{t('redPacketLabel')}</span>
      {card.greeting && <strong class="okw-card-title">{card.greeting}</strong>}
      {card.openedAt === null ? (
        onOpen && (
          <button
            type="button"
            class="okw-red-packet__open"
            disabled={state.isOpening}
            onClick={open}
            data-testid="chat-red-packet-open"
          >
            {t('redPacketOpen')}
          </button>
        )
      ) : (
        <>
          <span class="okw-red-packet__amount">{card.amount}</span>
          {card.code && (
            <span class="okw-red-packet__code" data-testid="chat-red-packet-code">
              {t('redPacketCode', { code: card.code })}
            </span>
          )}
          {href && (
            <a class="okw-card-action" href={href} target="_blank" rel="noopener noreferrer nofollow">
              {t('redPacketRedeem')}
            </a>
          )}
        </>
      )}
      {state.error && (
        <span class="okw-error" role="alert">
          {state.error}
        </span>
      )}
    </div>
  );
};

export const MessageCardView = ({
  mid = '',
  card,
  t,
  onOpenRedPacket,
}: {
  mid?: string;
  card: MessageCard;
  t: Translate;
  onOpenRedPacket?: OpenRedPacket;
}) =>
  card.kind === 'link' ? (
    <LinkCardView card={card} t={t} />
  ) : card.kind === 'location' ? (
    <LocationView card={card} t={t} />
  ) : card.kind === 'red_packet' ? (
    <RedPacketView mid={mid} card={card} t={t} onOpen={onOpenRedPacket} />
  ) : (
    <CommodityView card={card} t={t} />
  );
