import { z } from 'zod';
import { senderKindSchema } from './message.js';

/*
 * Voice and video calls between a thread's visitor and its assigned agent (issue 21): WebRTC media
 * goes peer to peer, the signalling (ring, accept, offer/answer, ICE candidates, hang-up) rides the
 * existing Socket.IO connection as the events below.
 */

export const callMediaSchema = z.enum(['audio', 'video']);
export type CallMedia = z.infer<typeof callMediaSchema>;

export const callEndReasonSchema = z.enum(['rejected', 'hangup', 'busy', 'timeout', 'failed', 'cancelled']);
export type CallEndReason = z.infer<typeof callEndReasonSchema>;

export const callStateSchema = z.enum(['ringing', 'active', 'ended']);
export type CallState = z.infer<typeof callStateSchema>;

/** One STUN/TURN server for RTCPeerConnection's `iceServers`; TURN credentials are per call and expire. */
export const iceServerSchema = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

const callIdSchema = z.string().trim().min(1).max(64);
const sdpTypeSchema = z.enum(['offer', 'answer', 'pranswer', 'rollback']);

export const callStartSchema = z.object({
  tid: z.string().trim().min(1).max(64),
  media: callMediaSchema,
});
export type CallStart = z.infer<typeof callStartSchema>;

export const callRefSchema = z.object({ callId: callIdSchema });
export type CallRef = z.infer<typeof callRefSchema>;

/** Session descriptions are a few kilobytes; the cap keeps a relay from carrying anything else. */
export const callSignalSchema = z
  .object({
    callId: callIdSchema,
    description: z.object({ type: sdpTypeSchema, sdp: z.string().max(32_000) }).optional(),
    candidate: z
      .object({
        candidate: z.string().max(1000),
        sdpMid: z.string().max(64).nullable().optional(),
        sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
        usernameFragment: z.string().max(256).nullable().optional(),
      })
      .optional(),
  })
  .refine((value) => value.description !== undefined || value.candidate !== undefined, {
    message: 'description or candidate is required',
    path: ['description'],
  });
export type CallSignal = z.infer<typeof callSignalSchema>;

/** A call as both parties see it; the ack of call:start and call:accept. */
export const callSchema = z.object({
  callId: z.string(),
  tid: z.string(),
  media: callMediaSchema,
  state: callStateSchema,
  /** Who called. */
  caller: senderKindSchema,
  /** The caller's display name (an agent's nickname or the visitor's). */
  callerName: z.string(),
  startedAt: z.number().int(),
  answeredAt: z.number().int().nullable(),
  /** Milliseconds the callee has to answer before the call ends as `timeout`. */
  ringMs: z.number().int(),
  iceServers: z.array(iceServerSchema),
});
export type Call = z.infer<typeof callSchema>;

/** call:ring goes to the callee, call:accepted to the caller; both carry the call. */
export const callRingSchema = callSchema;
export const callSignalPushSchema = z.object({
  callId: z.string(),
  description: z.object({ type: sdpTypeSchema, sdp: z.string() }).optional(),
  candidate: z
    .object({
      candidate: z.string(),
      sdpMid: z.string().nullable().optional(),
      sdpMLineIndex: z.number().int().nullable().optional(),
      usernameFragment: z.string().nullable().optional(),
    })
    .optional(),
  by: senderKindSchema,
});
export type CallSignalPush = z.infer<typeof callSignalPushSchema>;

export const callEndSchema = z.object({
  callId: z.string(),
  tid: z.string(),
  reason: callEndReasonSchema,
  /** Who ended it; `system` for timeouts and disconnects. */
  by: senderKindSchema,
  /** Talk time in milliseconds (0 when never answered). */
  durationMs: z.number().int(),
});
export type CallEnd = z.infer<typeof callEndSchema>;

/** Content of a `notification_webrtc` message (JSON): the call's start and its end. */
export const callNoticeSchema = z.object({
  callId: z.string(),
  event: z.enum(['started', 'ended']),
  media: callMediaSchema,
  caller: senderKindSchema,
  reason: callEndReasonSchema.optional(),
  by: senderKindSchema.optional(),
  durationMs: z.number().int().optional(),
});
export type CallNotice = z.infer<typeof callNoticeSchema>;
