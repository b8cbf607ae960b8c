/**
 * An incoming call's ring made with Web Audio (no audio file to ship or load): two short tones
 * every two seconds until stopped. Browsers may keep the context suspended until the page has had
 * a click; the workbench primes audio on the first one (hooks/alerts.ts), and a silent ring is
 * still shown and notified.
 */
export const startRingtone = (): (() => void) => {
  const AudioContextType =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ??
        (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  if (!AudioContextType) return () => undefined;
  let context: AudioContext;
  try {
    context = new AudioContextType();
  } catch {
    return () => undefined;
  }
  const beep = (at: number, frequency: number) => {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.35);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.4);
  };
  const ring = () => {
    const now = context.currentTime;
    beep(now, 880);
    beep(now + 0.45, 660);
  };
  ring();
  const timer = setInterval(ring, 2000);
  return () => {
    clearInterval(timer);
    void context.close().catch(() => undefined);
  };
};
