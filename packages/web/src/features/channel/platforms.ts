/*
 * What the console needs to know about each platform beyond its form (contract `channelFields`).
 */

export { canAuthorize, hasWebhook } from '@openkefu/contract';

/**
 * Secrets the admin chooses and pastes on both sides (the platform never issues them), so the
 * form offers to generate them and shows them once after saving: key → length.
 * WeChat: Token 3–32 letters/digits, EncodingAESKey exactly 43.
 */
const chosenSecrets: Readonly<Record<string, number>> = {
  token: 32,
  encodingAesKey: 43,
  verifyToken: 32,
  inboundSecret: 32,
};

export const generatedLengthOf = (key: string): number | undefined => chosenSecrets[key];
