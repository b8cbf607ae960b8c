import './MessageCard.css';
import { useState } from 'react';
import { EnvironmentOutlined, GiftOutlined, ShoppingOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  formatCoordinates,
  isWebUrl,
  mapUrlOf,
  type CommodityCard,
  type LinkCard,
  type LocationCard,
  type MessageCard,
  type RedPacketCard,
} from '@openkefu/contract';
import { MESSAGE_CARD_NS } from './i18n';

/*
 * A message's card (issue 21) wherever messages show — workbench, records, transcripts: a link's
 * preview, a location, a product. Text nodes only; http(s) addresses alone become links, and only
 * https images are shown (the server keeps no other; checked again here for old or foreign data).
 */

const hrefOf = (url: string) => (isWebUrl(url) ? url : undefined);
const imageOf = (url: string) => (url.startsWith('https://') && isWebUrl(url) ? url : undefined);

const LinkCardView = ({ card }: { card: LinkCard }) => {
  const { t } = useTranslation(MESSAGE_CARD_NS);
  const image = imageOf(card.image);
  return (
    <a
      className="ok-msg-card ok-msg-card--link"
      href={hrefOf(card.url)}
      target="_blank"
      rel="noopener noreferrer nofollow"
      data-testid="message-link-card"
      aria-label={t('link', { title: card.title })}
    >
      {image && (
        <img className="ok-msg-card__image" src={image} alt="" loading="lazy" referrerPolicy="no-referrer" />
      )}
      <span className="ok-msg-card__body">
        <span className="ok-msg-card__title">{card.title}</span>
        {card.description && <span className="ok-msg-card__text">{card.description}</span>}
        {card.siteName && <span className="ok-msg-card__meta">{card.siteName}</span>}
      </span>
    </a>
  );
};

const LocationCardView = ({ card }: { card: LocationCard }) => {
  const { t } = useTranslation(MESSAGE_CARD_NS);
  return (
    <a
      className="ok-msg-card"
      href={mapUrlOf(card)}
      target="_blank"
      rel="noopener noreferrer nofollow"
      data-testid="message-location"
    >
      <EnvironmentOutlined className="ok-msg-card__icon" />
      <span className="ok-msg-card__body">
        <span className="ok-msg-card__title">{card.name || t('location')}</span>
        {card.address && <span className="ok-msg-card__text">{card.address}</span>}
        <span className="ok-msg-card__meta">{formatCoordinates(card)}</span>
        <span className="ok-msg-card__meta">{t('openMap')}</span>
      </span>
    </a>
  );
};

export const CommodityCardView = ({ card }: { card: Omit<CommodityCard, 'kind'> }) => {
  const { t } = useTranslation(MESSAGE_CARD_NS);
  const image = imageOf(card.image);
  return (
    <a
      className="ok-msg-card"
      href={hrefOf(card.url)}
      target="_blank"
      rel="noopener noreferrer nofollow"
      data-testid="message-commodity"
    >
      {image ? (
        <img className="ok-msg-card__thumb" src={image} alt="" loading="lazy" referrerPolicy="no-referrer" />
      ) : (
        <ShoppingOutlined className="ok-msg-card__icon" />
      )}
      <span className="ok-msg-card__body">
        <span className="ok-msg-card__title">{card.title}</span>
        {card.price && <span className="ok-msg-card__price">{card.price}</span>}
        <span className="ok-msg-card__meta">{t('viewProduct')}</span>
      </span>
    </a>
  );
};

/** As the agent sees a red packet given: what it holds, and whether (and when) the visitor opened it. */
const RedPacketCardView = ({ card }: { card: RedPacketCard }) => {
  const { t } = useTranslation(MESSAGE_CARD_NS);
  const href = card.url ? hrefOf(card.url) : undefined;
  return (
    <div className="ok-msg-card ok-msg-card--red-packet" data-testid="message-red-packet">
      <GiftOutlined className="ok-msg-card__icon" />
      <span className="ok-msg-card__body">
        <span className="ok-msg-card__meta">{t('redPacket')}</span>
        <span className="ok-msg-card__price">{card.amount}</span>
        {card.greeting && <span className="ok-msg-card__title">{card.greeting}</span>}
        {card.code && <span className="ok-msg-card__text">{t('redPacketCode', { code: card.code })}</span>}
        {href && (
          <a className="ok-msg-card__meta" href={href} target="_blank" rel="noopener noreferrer nofollow">
            {t('redPacketRedeem')}
          </a>
        )}
        <span className="ok-msg-card__meta" data-testid="message-red-packet-state">
          {card.openedAt === null
            ? t('redPacketNotOpened')
            : t('redPacketOpened', { time: dayjs(card.openedAt).format('YYYY-MM-DD HH:mm') })}
        </span>
      </span>
    </div>
  );
};

export const MessageCardView = ({ card }: { card: MessageCard }) =>
  card.kind === 'link' ? (
    <LinkCardView card={card} />
  ) : card.kind === 'location' ? (
    <LocationCardView card={card} />
  ) : card.kind === 'red_packet' ? (
    <RedPacketCardView card={card} />
  ) : (
    <CommodityCardView card={card} />
  );

/** A voice note or video played in place; only the metadata (length, first frame) loads up front. */
export const MediaPlayer = ({ kind, url }: { kind: 'voice' | 'video'; url: string }) => {
  const { t } = useTranslation(MESSAGE_CARD_NS);
  const [seconds, setSeconds] = useState<number | null>(null);
  const src = url.startsWith('/') || isWebUrl(url) ? url : undefined;
  if (!src) return null;
  const onMetadata = (event: { currentTarget: HTMLMediaElement }) => {
    const duration = event.currentTarget.duration;
    if (Number.isFinite(duration) && duration > 0) setSeconds(Math.round(duration));
  };
  return (
    <span className="ok-msg-card__body">
      {kind === 'voice' ? (
        <audio
          className="ok-msg-media"
          controls
          preload="metadata"
          src={src}
          aria-label={t('voice')}
          data-testid="message-voice"
          onLoadedMetadata={onMetadata}
        />
      ) : (
        <video
          className="ok-msg-media ok-msg-media--video"
          controls
          preload="metadata"
          playsInline
          src={src}
          aria-label={t('video')}
          data-testid="message-video"
          onLoadedMetadata={onMetadata}
        />
      )}
      {seconds !== null && <span className="ok-msg-card__meta">{t('duration', { seconds })}</span>}
    </span>
  );
};
