import { useCallback, useEffect, useRef, useState } from 'react';
import type { Call, CallEnd, CallEndReason, CallMedia, CallSignalPush } from '@openkefu/contract';
import { createPeer, openLocalMedia, stopMedia, type Peer } from '@openkefu/media';
import { emitQuietly, emitWithAck, AckFailure } from '../realtime/ack';
import { useRealtime, useSocketEvent } from '../realtime/RealtimeProvider';

export type CallPhase = 'idle' | 'outgoing' | 'incoming' | 'active';

export type AgentCallView = {
  phase: CallPhase;
  call: Call | null;
  local: MediaStream | null;
  remote: MediaStream | null;
  answeredAt: number | null;
  muted: boolean;
  cameraOff: boolean;
  sharing: boolean;
  notice:
    | { kind: 'ended'; reason: CallEndReason }
    | { kind: 'mediaDenied' }
    | { kind: 'shareFailed' }
    | { kind: 'error'; message: string }
    | null;
};

const idle: AgentCallView = {
  phase: 'idle',
  call: null,
  local: null,
  remote: null,
  answeredAt: null,
  muted: false,
  cameraOff: false,
  sharing: false,
  notice: null,
};

/** The agent's side of calls (one at a time): ring, answer, call a visitor, screen share, hang up. */
export const useAgentCall = () => {
  const { socket } = useRealtime();
  const [view, setView] = useState<AgentCallView>(idle);
  const viewRef = useRef(view);
  const peerRef = useRef<Peer | null>(null);
  const screenRef = useRef<MediaStream | null>(null);

  const update = useCallback((change: Partial<AgentCallView>) => {
    viewRef.current = { ...viewRef.current, ...change };
    setView(viewRef.current);
  }, []);

  const cleanup = useCallback((notice: AgentCallView['notice']) => {
    peerRef.current?.close();
    peerRef.current = null;
    stopMedia(viewRef.current.local);
    stopMedia(screenRef.current);
    screenRef.current = null;
    viewRef.current = { ...idle, notice };
    setView(viewRef.current);
  }, []);

  const connect = useCallback(
    (call: Call, local: MediaStream) => {
      const peer = createPeer({
        iceServers: call.iceServers,
        local,
        send: (signal) => emitQuietly(socket, 'call:signal', { callId: call.callId, ...signal }),
        onRemote: (stream) => update({ remote: stream }),
        onFailed: () => emitQuietly(socket, 'call:hangup', { callId: call.callId }),
      });
      peerRef.current = peer;
      return peer;
    },
    [socket, update],
  );

  useSocketEvent('call:ring', (call) => {
    if (viewRef.current.phase === 'idle') update({ phase: 'incoming', call, notice: null });
  });
  useSocketEvent('call:accepted', (call) => {
    const current = viewRef.current;
    if (current.call?.callId !== call.callId) return;
    if (current.phase === 'outgoing' && current.local) {
      update({ phase: 'active', answeredAt: Date.now() });
      void connect(current.call, current.local).offer();
    } else if (current.phase === 'incoming') cleanup(null); // answered in another tab
  });
  useSocketEvent('call:signal', (signal: CallSignalPush) => {
    if (viewRef.current.call?.callId === signal.callId) peerRef.current?.receive(signal);
  });
  useSocketEvent('call:end', (end: CallEnd) => {
    if (viewRef.current.call?.callId === end.callId) cleanup({ kind: 'ended', reason: end.reason });
  });

  // Leaving the workbench ends a call rather than leaving it ringing or half open.
  useEffect(
    () => () => {
      const call = viewRef.current.call;
      if (call) emitQuietly(socket, 'call:hangup', { callId: call.callId });
      peerRef.current?.close();
      stopMedia(viewRef.current.local);
      stopMedia(screenRef.current);
    },
    [socket],
  );

  const fail = (error: unknown) =>
    ({ kind: 'error', message: error instanceof AckFailure ? error.message : String(error) }) as const;

  const start = async (tid: string, media: CallMedia) => {
    if (viewRef.current.phase !== 'idle') return;
    const local = await openLocalMedia(media);
    if (!local) return update({ notice: { kind: 'mediaDenied' } });
    try {
      const call = await emitWithAck(socket, 'call:start', { tid, media });
      if (call.state === 'ended') {
        stopMedia(local);
        return update({ notice: { kind: 'ended', reason: 'busy' } });
      }
      update({ phase: 'outgoing', call, local, notice: null });
    } catch (error) {
      stopMedia(local);
      update({ notice: fail(error) });
    }
  };

  const accept = async () => {
    const call = viewRef.current.call;
    if (!call || viewRef.current.phase !== 'incoming') return;
    const local = await openLocalMedia(call.media);
    if (!local) {
      emitQuietly(socket, 'call:reject', { callId: call.callId });
      return cleanup({ kind: 'mediaDenied' });
    }
    // The connection exists before the visitor's offer can arrive, and the phase is active before
    // this tab's own call:accepted push (sent to every tab of the agent) can be taken for another's.
    update({ local, phase: 'active', answeredAt: Date.now() });
    connect(call, local);
    try {
      await emitWithAck(socket, 'call:accept', { callId: call.callId });
    } catch (error) {
      cleanup(fail(error));
    }
  };

  const reject = () => {
    const call = viewRef.current.call;
    if (call) emitQuietly(socket, 'call:reject', { callId: call.callId });
    cleanup(null);
  };

  const hangup = () => {
    const call = viewRef.current.call;
    if (call) emitQuietly(socket, 'call:hangup', { callId: call.callId });
    cleanup({ kind: 'ended', reason: 'hangup' });
  };

  const setTracks = (kind: 'audio' | 'video', enabled: boolean) => {
    for (const track of viewRef.current.local?.getTracks() ?? [])
      if (track.kind === kind) track.enabled = enabled;
  };

  /** The video the visitor sees: the screen while sharing, else the camera. */
  const sendVideo = async (track: MediaStreamTrack | null) => {
    const sender = peerRef.current?.connection.getSenders().find((item) => item.track?.kind === 'video');
    if (sender) await sender.replaceTrack(track);
  };

  const stopShare = async () => {
    stopMedia(screenRef.current);
    screenRef.current = null;
    await sendVideo(viewRef.current.local?.getVideoTracks()[0] ?? null);
    update({ sharing: false });
  };

  const share = async () => {
    if (viewRef.current.phase !== 'active' || viewRef.current.call?.media !== 'video') return;
    try {
      const screen = await navigator.mediaDevices.getDisplayMedia({ video: true });
      const track = screen.getVideoTracks()[0];
      if (!track) throw new Error('no screen track');
      screenRef.current = screen;
      // The browser's own "Stop sharing" bar ends the track: go back to the camera then.
      track.addEventListener('ended', () => void stopShare());
      await sendVideo(track);
      update({ sharing: true });
    } catch {
      stopMedia(screenRef.current);
      screenRef.current = null;
      update({ notice: { kind: 'shareFailed' } });
    }
  };

  return {
    view,
    start,
    accept,
    reject,
    hangup,
    toggleMute: () => {
      setTracks('audio', viewRef.current.muted);
      update({ muted: !viewRef.current.muted });
    },
    toggleCamera: () => {
      setTracks('video', viewRef.current.cameraOff);
      update({ cameraOff: !viewRef.current.cameraOff });
    },
    toggleShare: () => void (viewRef.current.sharing ? stopShare() : share()),
    dismiss: () => update({ notice: null }),
  };
};
