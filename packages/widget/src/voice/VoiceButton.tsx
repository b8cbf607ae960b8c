import { useEffect, useRef, useState } from 'preact/hooks';
import { RecorderError, startVoiceRecording, type ActiveRecording } from '@openkefu/media';
import type { Translate } from '../i18n.js';
import { MicIcon } from '../icons.js';

/**
 * Click to record a voice note, then send or cancel; a countdown shows the time left and the
 * recording sends itself at the limit. Refusals (no microphone, permission denied) are said plainly.
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
  const active = useRef<ActiveRecording | null>(null);

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
        class="okw-tool"
        aria-label={t('voiceRecord')}
        title={t('voiceRecord')}
        data-testid="chat-voice-button"
        disabled={isDisabled}
        onClick={() => void start()}
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
