/** The part of the Web Speech API we use; not every TypeScript DOM library declares it. */
export interface Recognition {
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
export type RecognitionConstructor = new () => Recognition;

/**
 * The browser's speech recogniser, if it has one. Kept apart from use-speech-recognition.ts so
 * that the header's first load can decide whether to offer the microphone without carrying the
 * voice search itself, which loads with the suggestions (docs/decisions/020).
 */
export function recognitionConstructor(): RecognitionConstructor | undefined {
  const scope = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
}
