import { useCallback, useEffect, useRef, useState } from 'react';
import { recognitionConstructor, type Recognition } from './speech-support';

// spec §9: language en-US, a single utterance
const RECOGNITION_LANGUAGE = 'en-US';

/**
 * Voice input for the search box (spec §2): listens once, and stops listening on a result, an
 * error or the end. The header offers it only where the browser can recognise speech (never in
 * the server HTML): see `recognitionConstructor`.
 */
export function useSpeechRecognition(onTranscript: (transcript: string) => void) {
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

  return { listening, toggle };
}
