import { useEffect, useRef, useState } from "react";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";

/**
 * Reads `text` aloud with the browser's own speech synthesis: no service, nothing sent anywhere.
 * Drawn only once the page runs and the browser can speak; pressed again, it stops.
 */
export function ListenButton({ text, label = "Listen", className }: { text: string; label?: string; className?: string }) {
  const [able, setAble] = useState(false);
  const [speaking, setSpeakingState] = useState(false);
  const speakingNow = useRef(false);
  const setSpeaking = (on: boolean) => {
    speakingNow.current = on;
    setSpeakingState(on);
  };
  useEffect(() => {
    setAble(typeof window !== "undefined" && "speechSynthesis" in window && typeof SpeechSynthesisUtterance !== "undefined");
    // Leaving the page stops the voice.
    return () => {
      if ("speechSynthesis" in window) window.speechSynthesis.cancel();
    };
  }, []);
  // A new text (an interpretation still arriving) stops what was being read.
  useEffect(() => {
    if (!speakingNow.current) return;
    window.speechSynthesis.cancel();
    speakingNow.current = false;
    setSpeakingState(false);
  }, [text]);
  if (!able || !text.trim()) return null;
  const toggle = () => {
    const voice = window.speechSynthesis;
    if (speaking) {
      voice.cancel();
      setSpeaking(false);
      return;
    }
    voice.cancel();
    const utterance = new SpeechSynthesisUtterance(text.replace(/[*_#>`]/g, ""));
    utterance.lang = document.documentElement.lang || "en";
    utterance.onend = () => setSpeaking(false);
    utterance.onerror = () => setSpeaking(false);
    setSpeaking(true);
    voice.speak(utterance);
  };
  return (
    <button type="button" onClick={toggle} aria-pressed={speaking} className={cn(buttonClasses("ghost", "sm"), "print:hidden", className)} data-testid="listen">
      <svg viewBox="0 0 24 24" aria-hidden="true" className="h-4 w-4">
        <path
          fill="currentColor"
          d="M4 9v6h4l5 4V5L8 9H4Zm12.5 3a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4Zm-2.5-8.5v2.1a7 7 0 0 1 0 12.8v2.1a9 9 0 0 0 0-17Z"
        />
      </svg>
      {speaking ? "Stop" : label}
    </button>
  );
}
