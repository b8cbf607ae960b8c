import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTranslator } from '../i18n.js';
import { VoiceButton } from './VoiceButton.js';

/* Recording a voice note in the widget, against a stand-in microphone and MediaRecorder. */

class FakeRecorder extends EventTarget {
  static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
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
    const data = Object.assign(new Event('dataavailable'), {
      data: new Blob(['opus'], { type: 'audio/webm' }),
    });
    this.dispatchEvent(data);
    this.dispatchEvent(new Event('stop'));
  }
}

const stopTrack = vi.fn();
let host: HTMLDivElement;

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  vi.stubGlobal('MediaRecorder', FakeRecorder);
});
afterEach(async () => {
  render(null, host);
  host.remove();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  stopTrack.mockReset();
  // Preact runs effects after paint, with a 100 ms timer as the fallback: let a render made outside
  // act() (a recording that started after its click) finish here, not after the page is torn down.
  await new Promise((resolve) => setTimeout(resolve, 150));
});

const microphone = (getUserMedia: () => Promise<MediaStream>) =>
  vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });

const flush = () => act(async () => void (await Promise.resolve()));

const mount = (onRecorded: (file: File) => void, language: 'en-US' | 'zh-CN' = 'en-US') =>
  render(<VoiceButton t={createTranslator(language)} maxSeconds={60} onRecorded={onRecorded} />, host);

const press = async (testId: string) => {
  await act(async () => {
    host.querySelector<HTMLButtonElement>(`[data-testid="${testId}"]`)?.click();
  });
  await flush();
  await flush();
};

describe('voice notes in the widget', () => {
  it('records, counts down and sends a WebM file', async () => {
    microphone(async () => ({ getTracks: () => [{ stop: stopTrack }] }) as unknown as MediaStream);
    const onRecorded = vi.fn();
    mount(onRecorded);
    await press('chat-voice-button');
    expect(host.textContent).toContain('60 s left');
    await act(async () => void vi.advanceTimersByTime(12_000));
    expect(host.textContent).toContain('48 s left');
    await press('chat-voice-send');
    expect(onRecorded).toHaveBeenCalledTimes(1);
    const file = onRecorded.mock.calls[0]?.[0] as File;
    expect(file.type).toBe('audio/webm');
    expect(file.name).toMatch(/\.webm$/);
    expect(stopTrack).toHaveBeenCalled();
  });

  it('stops and sends by itself at the limit', async () => {
    microphone(async () => ({ getTracks: () => [{ stop: stopTrack }] }) as unknown as MediaStream);
    const onRecorded = vi.fn();
    mount(onRecorded);
    await press('chat-voice-button');
    await act(async () => void vi.advanceTimersByTime(61_000));
    await flush();
    await flush();
    expect(onRecorded).toHaveBeenCalledTimes(1);
    expect(host.querySelector('[data-testid="chat-voice-recording"]')).toBeNull();
  });

  it('throws the recording away on cancel', async () => {
    microphone(async () => ({ getTracks: () => [{ stop: stopTrack }] }) as unknown as MediaStream);
    const onRecorded = vi.fn();
    mount(onRecorded);
    await press('chat-voice-button');
    await press('chat-voice-cancel');
    expect(onRecorded).not.toHaveBeenCalled();
    expect(stopTrack).toHaveBeenCalled();
  });

  it('says so when the microphone is refused, in the visitor’s language', async () => {
    microphone(async () => {
      throw new DOMException('no', 'NotAllowedError');
    });
    mount(vi.fn(), 'zh-CN');
    await press('chat-voice-button');
    expect(host.querySelector('[role="alert"]')?.textContent).toContain('麦克风授权被拒绝');
  });

  describe('hold to talk on a touch screen', () => {
    const pointer = async (type: string, target: EventTarget, clientY: number) => {
      const event = new MouseEvent(type, { bubbles: true, cancelable: true, clientY });
      Object.defineProperty(event, 'pointerType', { value: 'touch' });
      await act(async () => void target.dispatchEvent(event));
      await flush();
      await flush();
    };
    const button = () => host.querySelector('[data-testid="chat-voice-button"]') as HTMLButtonElement;

    it('records while held and sends on release', async () => {
      microphone(async () => ({ getTracks: () => [{ stop: stopTrack }] }) as unknown as MediaStream);
      const onRecorded = vi.fn();
      mount(onRecorded);
      await pointer('pointerdown', button(), 500);
      expect(host.querySelector('[data-testid="chat-voice-hold-hint"]')?.textContent).toBe(
        'Release to send, slide up to cancel',
      );
      await act(async () => void vi.advanceTimersByTime(3_000));
      await pointer('pointerup', window, 500);
      expect(onRecorded).toHaveBeenCalledTimes(1);
      expect(host.querySelector('[data-testid="chat-voice-recording"]')).toBeNull();
    });

    it('throws the recording away when the finger slides up before release', async () => {
      microphone(async () => ({ getTracks: () => [{ stop: stopTrack }] }) as unknown as MediaStream);
      const onRecorded = vi.fn();
      mount(onRecorded, 'zh-CN');
      await pointer('pointerdown', button(), 500);
      await act(async () => void vi.advanceTimersByTime(2_000));
      await pointer('pointermove', window, 420);
      expect(host.querySelector('[data-testid="chat-voice-hold-hint"]')?.textContent).toBe(
        '松开手指，取消发送',
      );
      await pointer('pointerup', window, 420);
      expect(onRecorded).not.toHaveBeenCalled();
      expect(stopTrack).toHaveBeenCalled();
      expect(host.querySelector('[data-testid="chat-voice-recording"]')).toBeNull();
    });

    it('keeps recording after a short tap, with Send and Cancel, and starts no second recording', async () => {
      const getUserMedia = vi.fn(
        async () => ({ getTracks: () => [{ stop: stopTrack }] }) as unknown as MediaStream,
      );
      microphone(getUserMedia);
      const onRecorded = vi.fn();
      mount(onRecorded);
      const pressed = button();
      await pointer('pointerdown', pressed, 500);
      await act(async () => void vi.advanceTimersByTime(150));
      await pointer('pointerup', window, 500);
      await act(async () => void pressed.dispatchEvent(new MouseEvent('click', { bubbles: true })));
      expect(host.querySelector('[data-testid="chat-voice-send"]')).not.toBeNull();
      expect(onRecorded).not.toHaveBeenCalled();
      expect(getUserMedia).toHaveBeenCalledTimes(1);
      await press('chat-voice-send');
      expect(onRecorded).toHaveBeenCalledTimes(1);
    });
  });
});
