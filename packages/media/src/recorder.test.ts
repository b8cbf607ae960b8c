import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RecorderError, startVoiceRecording } from './index.js';

/* Voice notes against a stand-in microphone and MediaRecorder, on fake time. */

class FakeRecorder extends EventTarget {
  static supported: string[] = [];
  static isTypeSupported = (type: string) => FakeRecorder.supported.includes(type);
  static last: FakeRecorder;
  /** What the browser says it records, when it differs from what was asked for. */
  static reportedType: string | null = null;
  state: 'inactive' | 'recording' = 'inactive';
  timeslice: number | undefined;
  constructor(
    readonly stream: MediaStream,
    readonly options?: { mimeType?: string },
  ) {
    super();
    FakeRecorder.last = this;
  }
  get mimeType() {
    return FakeRecorder.reportedType ?? this.options?.mimeType ?? '';
  }
  start(timeslice?: number) {
    this.timeslice = timeslice;
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    for (const data of [new Blob(['voice-']), new Blob([]), new Blob(['note'])])
      this.dispatchEvent(Object.assign(new Event('dataavailable'), { data }));
    this.dispatchEvent(new Event('stop'));
  }
}

const stopTrack = vi.fn();
const microphone = (getUserMedia: () => Promise<unknown>) =>
  vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
const grant = () => microphone(async () => ({ getTracks: () => [{ stop: stopTrack }] }));

const record = (maxSeconds = 60) => {
  const onTick = vi.fn();
  const onLimit = vi.fn();
  return { onTick, onLimit, started: startVoiceRecording({ maxSeconds, onTick, onLimit }) };
};

const problemOf = async (promise: Promise<unknown>) => {
  const error = await promise.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(RecorderError);
  return (error as RecorderError).problem;
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: 1_700_000_000_000 });
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  FakeRecorder.supported = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4'];
  FakeRecorder.reportedType = null;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  stopTrack.mockReset();
});

describe('startVoiceRecording', () => {
  it('records WebM/Opus in one-second slices and gives a .webm file of what was said', async () => {
    grant();
    const recording = await record().started;
    expect(FakeRecorder.last.options).toEqual({ mimeType: 'audio/webm;codecs=opus' });
    expect(FakeRecorder.last.timeslice).toBe(1000);
    vi.advanceTimersByTime(12_400);
    const { file, seconds } = await recording.stop();
    expect(seconds).toBe(12);
    expect(file.name).toBe('voice-1700000000000.webm');
    expect(file.type).toBe('audio/webm');
    expect(await file.text()).toBe('voice-note');
    expect(stopTrack).toHaveBeenCalledTimes(1);
  });

  it('names the file after what the browser records: MP4 (Safari) as .m4a, Ogg as .ogg', async () => {
    grant();
    FakeRecorder.supported = ['audio/mp4'];
    const safari = await (await record().started).stop();
    expect([safari.file.type, safari.file.name.split('.').pop()]).toEqual(['audio/mp4', 'm4a']);

    FakeRecorder.supported = ['audio/ogg;codecs=opus'];
    const ogg = await (await record().started).stop();
    expect([ogg.file.type, ogg.file.name.split('.').pop()]).toEqual(['audio/ogg', 'ogg']);
  });

  it('lets the browser choose when it supports none of the listed types, trusting what it reports', async () => {
    grant();
    FakeRecorder.supported = [];
    const unnamed = await (await record().started).stop();
    expect(FakeRecorder.last.options).toBeUndefined();
    expect([unnamed.file.type, unnamed.file.name.split('.').pop()]).toEqual(['audio/webm', 'webm']);

    FakeRecorder.reportedType = 'audio/mp4;codecs=mp4a.40.2';
    const reported = await (await record().started).stop();
    expect([reported.file.type, reported.file.name.split('.').pop()]).toEqual(['audio/mp4', 'm4a']);
  });

  it('counts the seconds and stops itself at the limit, once', async () => {
    grant();
    const { onTick, onLimit, started } = record(3);
    const recording = await started;
    vi.advanceTimersByTime(1_000);
    expect(onTick).toHaveBeenLastCalledWith(1);
    expect(onLimit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2_000);
    expect(onTick).toHaveBeenLastCalledWith(3);
    expect(onLimit).toHaveBeenCalledTimes(1);
    expect(FakeRecorder.last.state).toBe('inactive');
    vi.advanceTimersByTime(5_000);
    expect(onLimit).toHaveBeenCalledTimes(1);
    expect(onTick).toHaveBeenLastCalledWith(3);
    const { seconds } = await recording.stop();
    expect(seconds).toBe(3);
    expect(stopTrack).toHaveBeenCalledTimes(1);
  });

  it('throws a cancelled recording away and lets go of the microphone', async () => {
    grant();
    const { onTick, started } = record();
    const recording = await started;
    recording.cancel();
    expect(stopTrack).toHaveBeenCalledTimes(1);
    expect(FakeRecorder.last.state).toBe('inactive');
    vi.advanceTimersByTime(5_000);
    expect(onTick).not.toHaveBeenCalled();
    expect(await problemOf(recording.stop())).toBe('failed');
  });

  it('says why it cannot record: no recorder or microphone, refused, or another failure', async () => {
    grant();
    vi.stubGlobal('MediaRecorder', undefined);
    expect(await problemOf(record().started)).toBe('unsupported');
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: undefined });
    expect(await problemOf(record().started)).toBe('unsupported');

    for (const [name, problem] of [
      ['NotAllowedError', 'denied'],
      ['SecurityError', 'denied'],
      ['NotFoundError', 'failed'],
    ]) {
      microphone(() => Promise.reject(new DOMException('no', name)));
      expect(await problemOf(record().started)).toBe(problem);
    }
    microphone(() => Promise.reject(new Error('driver')));
    const error = await record().started.catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'RecorderError', problem: 'failed', message: 'failed' });
  });
});
