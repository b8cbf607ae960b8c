/*
 * A voice note from the microphone (MediaRecorder), at most `maxSeconds` long: it stops itself at
 * the limit. The widget's and the workbench's voice buttons both record through it.
 */

export type RecorderProblem = 'denied' | 'unsupported' | 'failed';

export class RecorderError extends Error {
  constructor(readonly problem: RecorderProblem) {
    super(problem);
    this.name = 'RecorderError';
  }
}

export type VoiceRecording = { file: File; seconds: number };

export type ActiveRecording = {
  /** Ends the recording and gives the file (also what happens at the limit, through `onLimit`). */
  stop: () => Promise<VoiceRecording>;
  /** Ends it and throws it away. */
  cancel: () => void;
};

/** What the server recognises by content: WebM/Opus (Chrome, Firefox), Ogg, MP4/AAC (Safari). */
const candidateTypes = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

const extensionOf = (type: string) =>
  type.startsWith('audio/ogg') ? 'ogg' : type.startsWith('audio/mp4') ? 'm4a' : 'webm';

export const startVoiceRecording = async (options: {
  maxSeconds: number;
  /** Every second: how long it has been recording. */
  onTick: (seconds: number) => void;
  /** The limit was reached: the recording stopped; call `stop` to take it. */
  onLimit: () => void;
}): Promise<ActiveRecording> => {
  if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia)
    throw new RecorderError('unsupported');
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  } catch (error) {
    const name = error instanceof DOMException ? error.name : '';
    throw new RecorderError(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'failed');
  }
  const mimeType = candidateTypes.find((type) => MediaRecorder.isTypeSupported(type)) ?? '';
  const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
  const chunks: Blob[] = [];
  const startedAt = Date.now();
  let isCancelled = false;
  recorder.addEventListener('dataavailable', (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  });
  const stopped = new Promise<void>((resolve) => recorder.addEventListener('stop', () => resolve()));
  const release = () => {
    clearInterval(ticker);
    for (const track of stream.getTracks()) track.stop();
  };
  const ticker = setInterval(() => {
    if (recorder.state !== 'recording') return;
    const seconds = Math.floor((Date.now() - startedAt) / 1000);
    options.onTick(Math.min(seconds, options.maxSeconds));
    if (seconds >= options.maxSeconds) {
      recorder.stop();
      options.onLimit();
    }
  }, 250);
  recorder.start(1000);
  return {
    stop: async () => {
      if (recorder.state === 'recording') recorder.stop();
      await stopped;
      release();
      if (isCancelled) throw new RecorderError('failed');
      const seconds = Math.min(Math.round((Date.now() - startedAt) / 1000), options.maxSeconds);
      const type = (recorder.mimeType || mimeType || 'audio/webm').split(';')[0] ?? 'audio/webm';
      const file = new File(chunks, `voice-${startedAt}.${extensionOf(type)}`, { type });
      return { file, seconds };
    },
    cancel: () => {
      isCancelled = true;
      if (recorder.state === 'recording') recorder.stop();
      release();
    },
  };
};
