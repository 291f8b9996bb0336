/** A short, quiet beep for an arriving notice (the noticeSound preference); silent where WebAudio is missing. */

const BEEP_HZ = 880;
const BEEP_SECONDS = 0.15;
const BEEP_VOLUME = 0.08;

let context: AudioContext | null = null;

export function playNoticeSound(): boolean {
  const Context = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!Context) return false;
  try {
    context ??= new Context();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = BEEP_HZ;
    gain.gain.value = BEEP_VOLUME;
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + BEEP_SECONDS);
    return true;
  } catch {
    // A browser that refuses audio before the user has interacted: the notice is shown all the same.
    return false;
  }
}
