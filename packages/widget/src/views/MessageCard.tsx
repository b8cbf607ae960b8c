import type { CommodityCard, LinkCard, LocationCard, MessageCard } from '@openkefu/contract';
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

export const MessageCardView = ({ card, t }: { card: MessageCard; t: Translate }) =>
  card.kind === 'link' ? (
    <LinkCardView card={card} t={t} />
  ) : card.kind === 'location' ? (
    <LocationView card={card} t={t} />
  ) : (
    <CommodityView card={card} t={t} />
  );
