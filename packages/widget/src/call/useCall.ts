import type { Call, CallEnd, CallEndReason, CallMedia, CallSignalPush } from '@openkefu/contract';
import type { Socket } from 'socket.io-client';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { createPeer, openLocalMedia, stopMedia, type Peer, type Signal } from '@openkefu/media';

type Answer<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

export type CallPhase = 'idle' | 'outgoing' | 'incoming' | 'active';

export type CallView = {
  phase: CallPhase;
  call: Call | null;
  local: MediaStream | null;
  remote: MediaStream | null;
  /** When the call was answered (the timer counts from it). */
  answeredAt: number | null;
  muted: boolean;
  cameraOff: boolean;
  /** Why the last call ended, or what went wrong, until the next one. */
  notice:
    | { kind: 'ended'; reason: CallEndReason }
    | { kind: 'mediaDenied' }
    | { kind: 'error'; message: string }
    | null;
};

const idle: CallView = {
  phase: 'idle',
  call: null,
  local: null,
  remote: null,
  answeredAt: null,
  muted: false,
  cameraOff: false,
  notice: null,
};

const ask = async <T>(socket: Socket, event: string, payload: unknown): Promise<Answer<T>> => {
  try {
    return (await socket.timeout(10_000).emitWithAck(event, payload)) as Answer<T>;
  } catch {
    return { ok: false, status: 0, message: 'timeout' };
  }
};

/** The visitor's side of calls in one conversation, over the chat socket. */
export const useCall = (socket: Socket | null, tid: string | null) => {
  const [view, setView] = useState<CallView>(idle);
  const viewRef = useRef(view);
  viewRef.current = view;
  const peerRef = useRef<Peer | null>(null);

  const update = useCallback((change: Partial<CallView>) => {
    viewRef.current = { ...viewRef.current, ...change };
    setView(viewRef.current);
  }, []);

  const cleanup = useCallback((notice: CallView['notice']) => {
    peerRef.current?.close();
    peerRef.current = null;
    stopMedia(viewRef.current.local);
    viewRef.current = { ...idle, notice };
    setView(viewRef.current);
  }, []);

  const connect = useCallback(
    (call: Call, local: MediaStream) => {
      if (!socket) return null;
      const peer = createPeer({
        iceServers: call.iceServers,
        local,
        send: (signal: Signal) => void ask(socket, 'call:signal', { callId: call.callId, ...signal }),
        onRemote: (stream) => update({ remote: stream }),
        onFailed: () => void ask(socket, 'call:hangup', { callId: call.callId }),
      });
      peerRef.current = peer;
      return peer;
    },
    [socket, update],
  );

  useEffect(() => {
    if (!socket) return;
    const onRing = (call: Call) => {
      if (call.tid !== tid || viewRef.current.phase !== 'idle') return;
      update({ phase: 'incoming', call, notice: null });
    };
    const onAccepted = (call: Call) => {
      const current = viewRef.current;
      if (current.call?.callId !== call.callId) return;
      if (current.phase === 'outgoing' && current.local) {
        update({ phase: 'active', answeredAt: Date.now() });
        void connect(current.call, current.local)?.offer();
      } else if (current.phase === 'incoming') cleanup(null); // answered in another tab
    };
    const onSignal = (signal: CallSignalPush) => {
      if (viewRef.current.call?.callId === signal.callId) peerRef.current?.receive(signal);
    };
    const onEnd = (end: CallEnd) => {
      if (viewRef.current.call?.callId === end.callId) cleanup({ kind: 'ended', reason: end.reason });
    };
    socket.on('call:ring', onRing);
    socket.on('call:accepted', onAccepted);
    socket.on('call:signal', onSignal);
    socket.on('call:end', onEnd);
    return () => {
      socket.off('call:ring', onRing);
      socket.off('call:accepted', onAccepted);
      socket.off('call:signal', onSignal);
      socket.off('call:end', onEnd);
    };
  }, [socket, tid, update, connect, cleanup]);

  // Leaving the page or the conversation ends the call rather than leaving it ringing.
  useEffect(
    () => () => {
      const call = viewRef.current.call;
      if (socket && call) void ask(socket, 'call:hangup', { callId: call.callId });
      peerRef.current?.close();
      stopMedia(viewRef.current.local);
    },
    [socket, tid],
  );

  const start = async (media: CallMedia) => {
    if (!socket || !tid || viewRef.current.phase !== 'idle') return;
    const local = await openLocalMedia(media);
    if (!local) return update({ notice: { kind: 'mediaDenied' } });
    const answer = await ask<Call>(socket, 'call:start', { tid, media });
    if (!answer.ok) {
      stopMedia(local);
      return update({ notice: { kind: 'error', message: answer.message } });
    }
    if (answer.data.state === 'ended') {
      stopMedia(local);
      return update({ notice: { kind: 'ended', reason: 'busy' } });
    }
    update({ phase: 'outgoing', call: answer.data, local, notice: null });
  };

  const accept = async () => {
    const call = viewRef.current.call;
    if (!socket || !call || viewRef.current.phase !== 'incoming') return;
    const local = await openLocalMedia(call.media);
    if (!local) {
      await ask(socket, 'call:reject', { callId: call.callId });
      return cleanup({ kind: 'mediaDenied' });
    }
    // The connection exists before the caller's offer can arrive, and the phase is active before
    // this tab's own call:accepted push (sent to every tab) can be taken for another tab's answer.
    update({ local, phase: 'active', answeredAt: Date.now() });
    connect(call, local);
    const answer = await ask<Call>(socket, 'call:accept', { callId: call.callId });
    if (!answer.ok) cleanup({ kind: 'error', message: answer.message });
  };

  const reject = () => {
    const call = viewRef.current.call;
    if (socket && call) void ask(socket, 'call:reject', { callId: call.callId });
    cleanup(null);
  };

  const hangup = () => {
    const call = viewRef.current.call;
    if (socket && call) void ask(socket, 'call:hangup', { callId: call.callId });
    cleanup({ kind: 'ended', reason: 'hangup' });
  };

  const toggleMute = () => {
    const muted = !viewRef.current.muted;
    for (const track of viewRef.current.local?.getAudioTracks() ?? []) track.enabled = !muted;
    update({ muted });
  };

  const toggleCamera = () => {
    const cameraOff = !viewRef.current.cameraOff;
    for (const track of viewRef.current.local?.getVideoTracks() ?? []) track.enabled = !cameraOff;
    update({ cameraOff });
  };

  return {
    view,
    start,
    accept,
    reject,
    hangup,
    toggleMute,
    toggleCamera,
    dismiss: () => update({ notice: null }),
  };
};
