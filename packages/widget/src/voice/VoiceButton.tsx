import { useEffect, useRef, useState } from 'preact/hooks';
import { RecorderError, startVoiceRecording, type ActiveRecording } from '@openkefu/media';
import type { Translate } from '../i18n.js';
import { MicIcon } from '../icons.js';

/** A press shorter than this is a tap (record, then Send or Cancel); longer is hold-to-talk. */
export const holdMs = 400;
/** Sliding the finger up this far while holding cancels on release. */
export const cancelSlidePx = 60;

/**
 * Tap to record a voice note, then send or cancel; on a touch screen, hold to talk and release to
 * send (slide up to cancel). A countdown shows the time left and the recording sends itself at the
 * limit. Refusals (no microphone, permission denied) are said plainly.
 */
export const VoiceButton = ({
  t,
  maxSeconds,
  isDisabled = false,
  onRecorded,
}: {
  t: Translate;
  maxSeconds: number;
  isDisabled?: boolean;
  onRecorded: (file: File) => void;
}) => {
  const [seconds, setSeconds] = useState<number | null>(null);
  const [problem, setProblem] = useState('');
  /** While a finger holds the button: where it went down, and whether it slid up to cancel. */
  const [hold, setHold] = useState<{ startY: number; isCancelling: boolean } | null>(null);
  const active = useRef<ActiveRecording | null>(null);
  const startedAt = useRef(0);
  /** The click a touch press ends with is not a second tap. */
  const ignoreClick = useRef(false);

  useEffect(() => () => active.current?.cancel(), []);

  const finish = async () => {
    const recording = active.current;
    active.current = null;
    setSeconds(null);
    if (!recording) return;
    try {
      const { file } = await recording.stop();
      if (file.size > 0) onRecorded(file);
    } catch {
      // Cancelled meanwhile: nothing to send.
    }
  };

  const start = async () => {
    setProblem('');
    try {
      active.current = await startVoiceRecording({
        maxSeconds,
        onTick: setSeconds,
        onLimit: () => void finish(),
      });
      startedAt.current = Date.now();
      setSeconds(0);
    } catch (error) {
      const reason = error instanceof RecorderError ? error.problem : 'failed';
      setProblem(
        t(
          reason === 'denied' ? 'voiceDenied' : reason === 'unsupported' ? 'voiceUnsupported' : 'voiceFailed',
        ),
      );
    }
  };

  const cancel = () => {
    active.current?.cancel();
    active.current = null;
    setSeconds(null);
  };

  // Hold-to-talk: the finger's moves and release are followed on the window, as the button gives
  // way to the recording view under it.
  useEffect(() => {
    if (!hold) return;
    const onMove = (event: PointerEvent) =>
      setHold(
        (current) => current && { ...current, isCancelling: current.startY - event.clientY > cancelSlidePx },
      );
    const onUp = () => {
      setHold(null);
      if (hold.isCancelling) cancel();
      // A short press, or a release before the microphone was granted: a tap, the recording stays open.
      else if (active.current && Date.now() - startedAt.current >= holdMs) void finish();
    };
    const onCancel = () => {
      setHold(null);
      cancel();
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
    return () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onCancel);
    };
  });

  const press = (event: PointerEvent) => {
    // A mouse clicks; a finger or pen holds.
    if (event.pointerType === 'mouse' || isDisabled) return;
    event.preventDefault();
    ignoreClick.current = true;
    setHold({ startY: event.clientY, isCancelling: false });
    void start();
  };

  if (seconds !== null && hold)
    return (
      <div
        class={`okw-voice okw-voice--hold ${hold.isCancelling ? 'okw-voice--cancelling' : ''}`}
        role="group"
        aria-label={t('voiceRecord')}
        data-testid="chat-voice-recording"
      >
        <span class="okw-voice-dot" aria-hidden="true" />
        <span role="timer" aria-live="off">
          {t('voiceLeft', { seconds: Math.max(0, maxSeconds - seconds) })}
        </span>
        <strong data-testid="chat-voice-hold-hint">
          {t(hold.isCancelling ? 'voiceReleaseToCancel' : 'voiceHoldHint')}
        </strong>
      </div>
    );
  if (seconds !== null)
    return (
      <div class="okw-voice" role="group" aria-label={t('voiceRecord')} data-testid="chat-voice-recording">
        <span class="okw-voice-dot" aria-hidden="true" />
        <span role="timer" aria-live="off">
          {t('voiceLeft', { seconds: Math.max(0, maxSeconds - seconds) })}
        </span>
        <button type="button" class="okw-link" data-testid="chat-voice-cancel" onClick={cancel}>
          {t('voiceCancel')}
        </button>
        <button type="button" class="okw-button" data-testid="chat-voice-send" onClick={() => void finish()}>
          {t('send')}
        </button>
      </div>
    );
  return (
    <>
      <button
        type="button"
        class="okw-tool okw-voice-button"
        aria-label={t('voiceRecord')}
        title={t('voiceRecord')}
        data-testid="chat-voice-button"
        disabled={isDisabled}
        onPointerDown={press}
        onClick={() => {
          if (ignoreClick.current) ignoreClick.current = false;
          else void start();
        }}
      >
        <MicIcon />
      </button>
      {problem && (
        <span
          class="okw-composer-note okw-composer-note--error"
          role="alert"
          data-testid="chat-voice-problem"
        >
          {problem}
        </span>
      )}
    </>
  );
};
