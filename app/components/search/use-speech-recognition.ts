import { useCallback, useEffect, useRef, useState } from 'react';
import { useHydrated } from '../ui/use-hydrated';

// spec §9: language en-US, a single utterance
const RECOGNITION_LANGUAGE = 'en-US';

/** The part of the Web Speech API we use; not every TypeScript DOM library declares it. */
interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: (() => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
}
type RecognitionConstructor = new () => Recognition;

function recognitionConstructor(): RecognitionConstructor | undefined {
  const scope = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
}

/**
 * Voice input for the search box (spec §2): offered only where the browser can recognise speech
 * (never in the server HTML), listens once, and stops listening on a result, an error or the end.
 */
export function useSpeechRecognition(onTranscript: (transcript: string) => void) {
  const hydrated = useHydrated();
  const supported = hydrated && recognitionConstructor() !== undefined;
  const [listening, setListening] = useState(false);
  const recognition = useRef<Recognition | null>(null);
  const deliver = useRef(onTranscript);
  useEffect(() => {
    deliver.current = onTranscript;
  });

  const toggle = useCallback(() => {
    if (recognition.current) {
      recognition.current.stop();
      return;
    }
    const Constructor = recognitionConstructor();
    if (!Constructor) return;
    const instance = new Constructor();
    instance.lang = RECOGNITION_LANGUAGE;
    instance.continuous = false;
    instance.interimResults = false;
    instance.maxAlternatives = 1;
    const finish = () => {
      recognition.current = null;
      setListening(false);
    };
    instance.onresult = (event) => {
      const transcript = event.results[0]?.[0]?.transcript ?? '';
      finish();
      if (transcript.trim()) deliver.current(transcript.trim());
    };
    instance.onerror = finish;
    instance.onend = finish;
    recognition.current = instance;
    setListening(true);
    try {
      instance.start();
    } catch {
      finish();
    }
  }, []);

  useEffect(() => () => recognition.current?.stop(), []);

  return { supported, listening, toggle };
}
