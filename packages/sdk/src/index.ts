/* @openkefu/sdk: chat as a visitor of an OpenKefu organisation from any JavaScript app (docs/sdk.md). */

export {
  createKefuClient,
  type ConnectResult,
  type ConnectionEvent,
  type KefuClient,
  type KefuClientOptions,
  type KefuEventName,
  type KefuEvents,
  type ReceiptEvent,
  type RobotStreamEvent,
  type SendInput,
  type ThreadTarget,
  type TypingEvent,
} from './client.js';
export { KefuError, type KefuErrorCode } from './errors.js';
export type { FetchLike, UploadSource } from './http.js';
export { createMemoryStorage, type TokenStorage } from './storage.js';
export type {
  Attachment,
  Message,
  MessageHistory,
  Rate,
  Thread,
  ThreadRequestResult,
  Visitor,
} from '@openkefu/contract';
