import { z } from 'zod';

/*
 * Web Push for the agent workbench (issue 21, "the workbench on a phone"): the server's VAPID
 * public key, a browser's push subscription (PushSubscription.toJSON()), and what a push carries.
 */

export const pushPublicKeySchema = z.object({
  /** The VAPID public key, an uncompressed P-256 point in base64url (applicationServerKey). */
  publicKey: z.string(),
});
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/** How many bytes base64url text decodes to (no Buffer: the contract also runs in browsers). */
const decodedLength = (value: string): number => Math.floor((value.replace(/=+$/, '').length * 6) / 8);

/** base64url text that decodes to exactly `bytes` bytes. */
const base64urlOf = (bytes: number, what: string) =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `must be base64url (${what})`)
    .refine((value) => decodedLength(value) === bytes, `must be ${bytes} bytes (${what})`);

export const pushEndpointSchema = z.url({ protocol: /^https?$/ }).max(2048);

export const pushSubscribeSchema = z.object({
  endpoint: pushEndpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key: 65 bytes, uncompressed (0x04 first). */
    p256dh: base64urlOf(65, 'an uncompressed P-256 public key').refine(
      // 0x04 in the first byte puts "B" first in base64url.
      (value) => value.startsWith('B'),
      'must be an uncompressed P-256 public key',
    ),
    /** The browser's 16-byte authentication secret. */
    auth: base64urlOf(16, 'the authentication secret'),
  }),
});
export type PushSubscribeInput = z.infer<typeof pushSubscribeSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpointSchema });
export type PushUnsubscribeInput = z.infer<typeof pushUnsubscribeSchema>;

export const pushSubscriptionStateSchema = z.object({
  endpoint: z.string(),
  createdAt: z.number(),
});
export type PushSubscriptionState = z.infer<typeof pushSubscriptionStateSchema>;

export const pushKindSchema = z.enum(['assigned', 'queued', 'message']);
export type PushKind = z.infer<typeof pushKindSchema>;

/** The JSON a push message carries (kept small: push services limit payloads to about 4 KB). */
export const pushPayloadSchema = z.object({
  kind: pushKindSchema,
  title: z.string(),
  body: z.string(),
  tid: z.string(),
  /** Where a click on the notification goes: the workbench at the conversation. */
  url: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
