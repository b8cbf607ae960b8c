import type { Socket } from 'socket.io-client';
import './call.css';
import { useEffect, useRef, useState } from 'preact/hooks';
import { formatDuration } from '@openkefu/media';
import type { Translate, WordKey } from '../i18n.js';
import { useCall } from './useCall.js';

const MediaView = ({
  stream,
  muted,
  label,
}: {
  stream: MediaStream | null;
  muted: boolean;
  label: string;
}) => {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return <video ref={ref} autoPlay playsInline muted={muted} aria-label={label} />;
};

const Timer = ({ since }: { since: number }) => {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <span data-testid="call-timer">{formatDuration(now - since)}</span>;
};

const endWords: Record<string, WordKey> = {
  rejected: 'callRejected',
  hangup: 'callEnded',
  busy: 'callBusy',
  timeout: 'callTimeout',
  failed: 'callFailed',
  cancelled: 'callCancelled',
};

/**
 * Voice and video calls with the assigned agent: the call buttons (when the skill group allows
 * calls), the ringing states, and the in-call view with both videos, mute, camera off and hang up.
 */
export const CallPanel = ({
  t,
  socket,
  tid,
  canCall,
  isFeatured = false,
}: {
  t: Translate;
  socket: Socket | null;
  tid: string | null;
  /** The skill group allows calls and an agent is serving the conversation. */
  canCall: boolean;
  /** Code style 5: a prominent video call card instead of the small buttons. */
  isFeatured?: boolean;
}) => {
  const { view, start, accept, reject, hangup, toggleMute, toggleCamera, dismiss } = useCall(socket, tid);
  const { phase, call, notice } = view;
  const isVideo = call?.media === 'video';

  return (
    <>
      {notice && (
        <div class="okw-banner" role="alert" data-testid="call-notice">
          {notice.kind === 'mediaDenied'
            ? t('callMediaDenied')
            : notice.kind === 'error'
              ? notice.message
              : t(endWords[notice.reason] ?? 'callEnded')}
          <button type="button" class="okw-link" onClick={dismiss}>
            {t('callDismiss')}
          </button>
        </div>
      )}
      {phase === 'idle' && canCall && isFeatured && (
        <div class="okw-card okw-call-featured" data-testid="call-featured">
          <strong>{t('callFeatured')}</strong>
          <div class="okw-actions">
            <button
              type="button"
              class="okw-button"
              data-testid="call-video"
              onClick={() => void start('video')}
            >
              {t('callVideo')}
            </button>
            <button
              type="button"
              class="okw-link"
              data-testid="call-voice"
              onClick={() => void start('audio')}
            >
              {t('callVoice')}
            </button>
          </div>
        </div>
      )}
      {phase === 'idle' && canCall && !isFeatured && (
        <div class="okw-call-actions" role="group" aria-label={t('callTitle')}>
          <button
            type="button"
            class="okw-button"
            data-testid="call-voice"
            onClick={() => void start('audio')}
          >
            {t('callVoice')}
          </button>
          <button
            type="button"
            class="okw-button"
            data-testid="call-video"
            onClick={() => void start('video')}
          >
            {t('callVideo')}
          </button>
        </div>
      )}
      {phase === 'incoming' && call && (
        <div
          class="okw-card okw-call-ring"
          role="alertdialog"
          aria-label={t('callIncoming')}
          data-testid="call-incoming"
        >
          <strong>{t(isVideo ? 'callIncomingVideo' : 'callIncomingVoice', { name: call.callerName })}</strong>
          <div class="okw-actions">
            <button type="button" class="okw-button" data-testid="call-accept" onClick={() => void accept()}>
              {t('callAccept')}
            </button>
            <button
              type="button"
              class="okw-button okw-button--danger"
              data-testid="call-reject"
              onClick={reject}
            >
              {t('callReject')}
            </button>
          </div>
        </div>
      )}
      {(phase === 'outgoing' || phase === 'active') && call && (
        <div class="okw-call" data-testid="call-view" data-phase={phase} data-media={call.media}>
          <div class="okw-call-videos">
            <div class="okw-call-remote" hidden={!isVideo}>
              <MediaView stream={view.remote} muted={false} label={t('callRemoteVideo')} />
            </div>
            <div class="okw-call-local" hidden={!isVideo}>
              <MediaView stream={view.local} muted label={t('callLocalVideo')} />
            </div>
          </div>
          <div class="okw-call-status">
            {phase === 'outgoing' ? t('callCalling') : view.answeredAt && <Timer since={view.answeredAt} />}
          </div>
          <div class="okw-actions">
            <button
              type="button"
              class="okw-button"
              aria-pressed={view.muted}
              data-testid="call-mute"
              onClick={toggleMute}
            >
              {t(view.muted ? 'callUnmute' : 'callMute')}
            </button>
            {isVideo && (
              <button
                type="button"
                class="okw-button"
                aria-pressed={view.cameraOff}
                data-testid="call-camera"
                onClick={toggleCamera}
              >
                {t(view.cameraOff ? 'callCameraOn' : 'callCameraOff')}
              </button>
            )}
            <button
              type="button"
              class="okw-button okw-button--danger"
              data-testid="call-hangup"
              onClick={hangup}
            >
              {t('callHangup')}
            </button>
          </div>
        </div>
      )}
    </>
  );
};
