import { useEffect, useRef } from "react";
import type { RoomEvent } from "./state";

/** Optional sounds for shuffles and flips, made on the spot (no files), off by default. */
export function useTableSounds(events: RoomEvent | null, on: boolean) {
  const context = useRef<AudioContext | null>(null);
  useEffect(() => {
    if (!on || !events) return;
    context.current ??= new AudioContext();
    const audio = context.current;
    const now = audio.currentTime;
    if (events.type === "shuffled" || events.type === "deckChanged") {
      // A short burst of filtered noise, like cards riffling.
      const length = Math.floor(audio.sampleRate * 0.35);
      const buffer = audio.createBuffer(1, length, audio.sampleRate);
      const data = buffer.getChannelData(0);
      for (let i = 0; i < length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / length) * (0.5 + 0.5 * Math.sin(i / 40));
      const source = audio.createBufferSource();
      const filter = audio.createBiquadFilter();
      filter.type = "bandpass";
      filter.frequency.value = 2400;
      source.buffer = buffer;
      source.connect(filter).connect(audio.destination);
      source.start(now);
    } else if (events.type === "drawn" || events.type === "revealed") {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.frequency.setValueAtTime(events.type === "drawn" ? 520 : 780, now);
      oscillator.frequency.exponentialRampToValueAtTime(180, now + 0.08);
      gain.gain.setValueAtTime(0.15, now);
      gain.gain.exponentialRampToValueAtTime(0.001, now + 0.1);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(now);
      oscillator.stop(now + 0.12);
    }
  }, [events, on]);
}
