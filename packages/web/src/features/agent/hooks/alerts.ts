/*
 * Attention for a workbench in the background: a short Web Audio beep (no sound file to load)
 * and the browser's desktop notification. Both need a user gesture first in most browsers, so
 * `primeAlerts` runs on the agent's first interaction with the page.
 */

type AudioContextConstructor = new () => AudioContext;

let audioContext: AudioContext | null = null;

const audioContextConstructor = (): AudioContextConstructor | undefined => {
  if (typeof window === 'undefined') return undefined;
  const withPrefix = window as unknown as {
    AudioContext?: AudioContextConstructor;
    webkitAudioContext?: AudioContextConstructor;
  };
  return withPrefix.AudioContext ?? withPrefix.webkitAudioContext;
};

const hasNotifications = (): boolean =>
  typeof window !== 'undefined' && typeof window.Notification !== 'undefined';

/** Unlocks audio and asks for the notification permission once, from a user gesture. */
export const primeAlerts = (): void => {
  const Constructor = audioContextConstructor();
  if (Constructor && !audioContext) {
    try {
      audioContext = new Constructor();
    } catch {
      audioContext = null;
    }
  }
  if (audioContext?.state === 'suspended') void audioContext.resume().catch(() => undefined);
  if (hasNotifications() && window.Notification.permission === 'default') {
    void window.Notification.requestPermission().catch(() => undefined);
  }
};

/** Two short tones (about 0.3 s); silent until the page has had a user gesture. */
export const beep = (): void => {
  const context = audioContext;
  if (!context || context.state !== 'running') return;
  const start = context.currentTime;
  [880, 1175].forEach((frequency, index) => {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    const at = start + index * 0.15;
    oscillator.type = 'sine';
    oscillator.frequency.setValueAtTime(frequency, at);
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.14);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.15);
  });
};

/**
 * A desktop notification when allowed. The body is plain text by the API's design (never HTML);
 * `tag` folds repeated notices of one conversation into one.
 */
export const notifyDesktop = ({
  title,
  body,
  tag,
  onClick,
}: {
  title: string;
  body: string;
  tag: string;
  onClick?: () => void;
}): void => {
  if (!hasNotifications() || window.Notification.permission !== 'granted') return;
  try {
    const notification = new window.Notification(title, {
      body,
      tag,
      icon: `${import.meta.env.BASE_URL}favicon.svg`,
    });
    notification.onclick = () => {
      window.focus();
      onClick?.();
      notification.close();
    };
  } catch {
    // Some browsers (Android Chrome) only allow notifications from a service worker.
  }
};

export const isPageHidden = (): boolean =>
  typeof document !== 'undefined' && document.visibilityState === 'hidden';
