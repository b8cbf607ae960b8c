import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { VoiceRecordButton } from './VoiceRecordButton';

/* Recording a voice note in the workbench, against a stand-in microphone and MediaRecorder. */

class FakeRecorder extends EventTarget {
  static isTypeSupported = (type: string) => type === 'audio/ogg;codecs=opus';
  state: 'inactive' | 'recording' = 'inactive';
  constructor(
    readonly stream: MediaStream,
    readonly options?: { mimeType?: string },
  ) {
    super();
  }
  get mimeType() {
    return this.options?.mimeType ?? '';
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.dispatchEvent(Object.assign(new Event('dataavailable'), { data: new Blob(['opus']) }));
    this.dispatchEvent(new Event('stop'));
  }
}

const stopTrack = vi.fn();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  vi.stubGlobal('MediaRecorder', FakeRecorder);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const microphone = (getUserMedia: () => Promise<MediaStream>) =>
  vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });

describe('voice notes in the workbench', () => {
  it('records with a countdown and hands over an Ogg file', async () => {
    microphone(async () => ({ getTracks: () => [{ stop: stopTrack }] }) as unknown as MediaStream);
    const onRecorded = vi.fn();
    renderWithProviders(<VoiceRecordButton onRecorded={onRecorded} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Record a voice message' })));
    expect(screen.getByRole('timer')).toHaveTextContent('60 s left');
    await act(async () => void vi.advanceTimersByTime(5_000));
    expect(screen.getByRole('timer')).toHaveTextContent('55 s left');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Send/ })));
    expect(onRecorded).toHaveBeenCalledTimes(1);
    expect((onRecorded.mock.calls[0]?.[0] as File).type).toBe('audio/ogg');
    expect(stopTrack).toHaveBeenCalled();
  });

  it('says so when the microphone is refused', async () => {
    microphone(async () => {
      throw new DOMException('no', 'NotAllowedError');
    });
    renderWithProviders(<VoiceRecordButton onRecorded={vi.fn()} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Record a voice message' })));
    expect(screen.getByRole('alert')).toHaveTextContent('microphone permission was refused');
  });
});
