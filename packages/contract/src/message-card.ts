import { z } from 'zod';

/*
 * Structured parts of a message (issue 21): a link's preview, a shared location, a product. Stored
 * with the message, so history, records and transcripts show what the chat showed. Plain text only:
 * every renderer shows these as text nodes, and only http(s) addresses ever become links or images.
 */

/** Cards are one-line fields: no control characters or line separators reach one. */
// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** One line of plain text: control characters become spaces, runs of spaces collapse, trimmed. */
export const toCardText = (value: string, max: number): string =>
  value.replace(controlCharacters, ' ').replace(/\s+/g, ' ').trim().slice(0, max);

/** Input text, cleaned to one line on parsing (what senders give). */
const cardText = (max: number) =>
  z
    .string()
    .max(max * 4)
    .transform((value) => toCardText(value, max));

/**
 * Stored text, as it reads back: already clean. No transforms in the card schemas themselves —
 * responses are encoded with them, and a transform cannot be encoded.
 */
const storedText = (max: number) => z.string().max(max);

/**
 * True for an absolute http: or https: address (the only ones a card links to): a host, then
 * nothing that is white space. A pattern, not URL: the contract builds without DOM or Node types.
 */
const webUrlPattern = /^https?:\/\/[^\s/?#\\]+(?:[/?#]\S*)?$/i;
export const isWebUrl = (value: string): boolean => webUrlPattern.test(value);

export const cardUrlMaxLength = 2000;

const webUrlSchema = z
  .string()
  .trim()
  .max(cardUrlMaxLength)
  .refine(isWebUrl, { message: 'must be an http or https address' });

/** An image is https only: an http image on an https page is mixed content, and we keep no proxy. */
const imageUrlSchema = z
  .string()
  .trim()
  .max(cardUrlMaxLength)
  .refine((value) => value === '' || (isWebUrl(value) && value.startsWith('https:')), {
    message: 'must be an https address',
  });

export const linkCardSchema = z.object({
  kind: z.literal('link'),
  url: webUrlSchema,
  title: storedText(300),
  description: storedText(1000),
  image: imageUrlSchema,
  siteName: storedText(100),
});
export type LinkCard = z.infer<typeof linkCardSchema>;

export const locationInputSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** The place's name ("Office"), '' when none. */
  name: cardText(200).default(''),
  address: cardText(500).default(''),
});
export type LocationInput = z.input<typeof locationInputSchema>;

export const locationCardSchema = z.object({
  kind: z.literal('location'),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  name: storedText(200),
  address: storedText(500),
});
export type LocationCard = z.infer<typeof locationCardSchema>;

export const commodityInputSchema = z.object({
  title: cardText(200).refine((value) => value.length > 0, { message: 'must not be empty' }),
  /** As the shop shows it ("¥129.00", "$19.99"): a price is shown, never computed with. */
  price: cardText(50).default(''),
  image: imageUrlSchema.default(''),
  url: webUrlSchema,
});
export type CommodityInput = z.input<typeof commodityInputSchema>;
export type Commodity = z.infer<typeof commodityInputSchema>;

export const commodityCardSchema = z.object({
  kind: z.literal('commodity'),
  title: storedText(200),
  price: storedText(50),
  image: imageUrlSchema,
  url: webUrlSchema,
});
export type CommodityCard = z.infer<typeof commodityCardSchema>;

/**
 * A red packet (红包) an agent gives a customer: a coupon or credit the shop honours — what it is
 * worth as the shop states it, a greeting, the code to redeem and where. The customer opens it in
 * the chat (the agent sees when); no money moves through OpenKefu.
 */
export const redPacketInputSchema = z.object({
  /** "¥10", "10% off": shown, never computed with. */
  amount: cardText(30).refine((value) => value.length > 0, { message: 'must not be empty' }),
  greeting: cardText(100).default(''),
  code: cardText(64).default(''),
  url: z.union([z.literal(''), webUrlSchema]).default(''),
});
export type RedPacketInput = z.input<typeof redPacketInputSchema>;
export type RedPacket = z.infer<typeof redPacketInputSchema>;

export const redPacketCardSchema = z.object({
  kind: z.literal('red_packet'),
  amount: storedText(30),
  greeting: storedText(100),
  code: storedText(64),
  url: z.union([z.literal(''), webUrlSchema]),
  /** When the customer opened it, null until then. */
  openedAt: z.number().nullable(),
});
export type RedPacketCard = z.infer<typeof redPacketCardSchema>;

export const messageCardSchema = z.discriminatedUnion('kind', [
  linkCardSchema,
  locationCardSchema,
  commodityCardSchema,
  redPacketCardSchema,
]);
export type MessageCard = z.infer<typeof messageCardSchema>;

/** The OpenStreetMap page of a point: where every client's map link goes. */
export const mapUrlOf = (location: Pick<LocationCard, 'latitude' | 'longitude'>): string => {
  const lat = location.latitude.toFixed(6);
  const lon = location.longitude.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
};

/** "31.230400, 121.473700": coordinates as every client prints them. */
export const formatCoordinates = (location: Pick<LocationCard, 'latitude' | 'longitude'>): string =>
  `${location.latitude.toFixed(6)}, ${location.longitude.toFixed(6)}`;

/** The first http(s) address in a text, or null: the one a link card previews. */
export const firstWebUrlOf = (text: string): string | null => {
  for (const match of text.matchAll(/https?:\/\/[^\s<>"'`]+/gi)) {
    const candidate = match[0].replace(/[),.;:!?\]}'"，。！？）】]+$/u, '');
    if (candidate.length <= cardUrlMaxLength && isWebUrl(candidate)) return candidate;
  }
  return null;
};

/** A voice note is recorded for at most this long (the recorder stops itself)… */
export const voiceNoteMaxSeconds = 60;
/** …and its upload may be at most this big (60 s of Opus or AAC is well under a megabyte). */
export const voiceNoteMaxBytes = 2 * 1024 * 1024;

/**
 * A location, product or red packet as plain text, for the channels that carry text only (WeChat,
 * LINE… when an agent sends one): the name, then the address to open (a red packet's code too:
 * there is nothing to open it with there).
 */
export const cardAsText = (card: LocationCard | CommodityCard | RedPacketCard): string =>
  card.kind === 'location'
    ? [[card.name, card.address].filter(Boolean).join(' · ') || formatCoordinates(card), mapUrlOf(card)].join(
        '\n',
      )
    : card.kind === 'commodity'
      ? [[card.title, card.price].filter(Boolean).join(' '), card.url].join('\n')
      : [`🧧 ${[card.amount, card.greeting].filter(Boolean).join(' · ')}`, card.code, card.url]
          .filter(Boolean)
          .join('\n');
