import type { Envelope, PushPublicKey, PushSubscribeInput, PushSubscriptionState } from '@openkefu/contract';
import { http, isHttpError } from '../api/http';

/*
 * "Notifications on this device" (issue 21): the console's service worker (public/sw.js, scope
 * /admin/) and this browser's Web Push subscription, posted to the server so that new
 * conversations and messages reach the agent with the workbench closed.
 */

const base = import.meta.env.BASE_URL;
export const SERVICE_WORKER_URL = `${base}sw.js`;

export type PushDeviceState = 'unsupported' | 'denied' | 'off' | 'on';

export const isPushSupported = (): boolean =>
  typeof window !== 'undefined' &&
  window.isSecureContext &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** The worker's registration, registering it when this browser has none yet. */
export const registerServiceWorker = async (): Promise<ServiceWorkerRegistration> => {
  const existing = await navigator.serviceWorker.getRegistration(base);
  const registration =
    existing ?? (await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: base }));
  return registration.active ? registration : navigator.serviceWorker.ready;
};

const currentSubscription = async (): Promise<PushSubscription | null> => {
  const registration = await navigator.serviceWorker.getRegistration(base);
  return registration ? registration.pushManager.getSubscription() : null;
};

export const readPushDeviceState = async (): Promise<PushDeviceState> => {
  if (!isPushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return Notification.permission === 'granted' && (await currentSubscription()) ? 'on' : 'off';
};

const keyBytes = (base64url: string): Uint8Array<ArrayBuffer> => {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
};

const toSubscribeInput = (subscription: PushSubscription): PushSubscribeInput => {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
};

/**
 * Asks for the permission (from the switch's click), subscribes with the server's VAPID key and
 * posts the subscription. Resolves to the state reached: 'denied' when the browser refused.
 */
export const enablePushOnDevice = async (): Promise<PushDeviceState> => {
  if (!isPushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const registration = await registerServiceWorker();
  const { publicKey } = (await http.get<Envelope<PushPublicKey>>('/api/push/key')).data;
  let subscription = await registration.pushManager.getSubscription();
  // Made with another server key (a reinstalled server): the push service would refuse our pushes.
  const serverKey = subscription?.options.applicationServerKey;
  if (subscription && serverKey && !sameBytes(new Uint8Array(serverKey), keyBytes(publicKey))) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  await http.post<Envelope<PushSubscriptionState>>('/api/push/subscribe', toSubscribeInput(subscription));
  return 'on';
};

const sameBytes = (left: Uint8Array, right: Uint8Array): boolean =>
  left.length === right.length && left.every((byte, index) => byte === right[index]);

/**
 * Signing out: this device must not show the next notices. Best effort on both sides: a server
 * subscription left behind dies at the push service once the browser's is gone (410, deleted).
 */
export const forgetPushOnDevice = async (): Promise<void> => {
  if (!isPushSupported()) return;
  const subscription = await currentSubscription().catch(() => null);
  if (!subscription) return;
  await http
    .delete('/api/push/subscribe', { data: { endpoint: subscription.endpoint }, silent: true })
    .catch(() => undefined);
  await subscription.unsubscribe().catch(() => false);
};

/** Tells the server to stop (a 404 means it already had), then drops the browser's subscription. */
export const disablePushOnDevice = async (): Promise<PushDeviceState> => {
  const subscription = await currentSubscription();
  if (!subscription) return 'off';
  await http
    .delete('/api/push/subscribe', { data: { endpoint: subscription.endpoint }, silent: true })
    .catch((error: unknown) => {
      if (!(isHttpError(error) && error.status === 404)) throw error;
    });
  await subscription.unsubscribe();
  return 'off';
};
