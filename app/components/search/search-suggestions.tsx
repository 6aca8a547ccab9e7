import { clsx } from 'clsx';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { useFetcher, useNavigate } from 'react-router';
import { displayImageUrl } from '../../../core/catalog/media-url';
import type { SearchSuggestion } from '../../../server/modules/catalog/search';
import { useSpeechRecognition } from './use-speech-recognition';
import { followNavigation } from '../ui/follow-navigation';

// spec §2 / §9: the dropdown closes 200 ms after the box loses focus
const BLUR_CLOSE_DELAY_MS = 200;
// Waits for a pause in typing before asking the server.
const TYPING_DEBOUNCE_MS = 150;
const RELEVANCE_BARS = 5;

/** What /search/suggestions answers (app/routes/search.suggestions.ts). */
interface Suggestions {
  query: string;
  results: SearchSuggestion[];
  /** docs/requirements.md §20: what the tolerant search matched (e.g. "ganesh"), when it answered; else null. */
  showingResultsFor: string | null;
}

/** What the header's search box and microphone show of the combobox's state. */
export interface ComboboxView {
  expanded: boolean;
  /** The id of the active option, while the list is open. */
  activeDescendant: string | undefined;
  listening: boolean;
}

/** The handlers the header's search box and microphone call once this module has loaded. */
export interface ComboboxControls {
  onType(): void;
  onFocus(): void;
  onBlur(): void;
  onKeyDown(event: KeyboardEvent<HTMLInputElement>): void;
  onSubmit(): void;
  toggleSpeech(): void;
}

export interface SearchSuggestionsProps {
  /** The header's search box, which header-search.tsx renders and keeps. */
  input: RefObject<HTMLInputElement | null>;
  listboxId: string;
  /** What the box holds, typed before or after this module loaded. */
  query: string;
  /** Puts a voice transcript into the box. */
  onQuery: (query: string) => void;
  onView: (view: ComboboxView) => void;
  /** Given the box's handlers after every render, and null when this goes. */
  connect: (controls: ComboboxControls | null) => void;
  /** Called when a suggestion opens a page. */
  onNavigate: () => void;
}

/**
 * The header search's combobox behaviour (spec §2, §5): live suggestions from the server, the
 * options of its listbox, the keyboard of the ARIA combobox pattern and voice input.
 *
 * header-search.tsx loads this when the box or the microphone is first used (docs/decisions/020) and renders
 * it inside its listbox. The box itself stays the header's element, so focus and what was typed in
 * the meantime stay; its ARIA state and the microphone's come from here through `onView`.
 */
export function SearchSuggestions({
  input,
  listboxId,
  query,
  onQuery,
  onView,
  connect,
  onNavigate,
}: SearchSuggestionsProps) {
  const navigate = useNavigate();
  const fetcher = useFetcher<Suggestions>();
  const closeTimer = useRef<number | undefined>(undefined);
  // Loaded because the box took focus: it opens as soon as there are suggestions to show.
  const [open, setOpen] = useState(() => document.activeElement === input.current);
  const [active, setActive] = useState(-1);

  const trimmed = query.trim();
  // Only answers to the current query count; a slower, older answer is ignored.
  const answer = fetcher.data && fetcher.data.query === query ? fetcher.data : undefined;
  const results = answer?.results ?? [];
  const showingResultsFor = answer?.showingResultsFor ?? null;
  const allResultsHref = `/shop?q=${encodeURIComponent(trimmed)}`;
  const optionCount = results.length > 0 ? results.length + 1 : 0;
  const expanded = open && trimmed !== '' && results.length > 0;
  const activeDescendant = expanded && active >= 0 ? `${listboxId}-${active}` : undefined;

  // Asks for what was typed before this module loaded too: the effect runs on mount.
  useEffect(() => {
    if (trimmed === '') return;
    const timer = window.setTimeout(
      () => void fetcher.load(`/search/suggestions?q=${encodeURIComponent(query)}`),
      TYPING_DEBOUNCE_MS,
    );
    return () => window.clearTimeout(timer);
    // `fetcher` changes identity with its state; the query alone decides when to ask.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const speech = useSpeechRecognition((transcript) => {
    onQuery(transcript);
    setActive(-1);
    setOpen(true);
    input.current?.focus();
  });

  // Before paint, so the box's aria-expanded never lags behind the list it controls.
  useLayoutEffect(() => {
    onView({ expanded, activeDescendant, listening: speech.listening });
  }, [onView, expanded, activeDescendant, speech.listening]);

  const go = (href: string) => {
    setOpen(false);
    setActive(-1);
    onNavigate();
    followNavigation(navigate(href));
  };

  const hrefOf = (index: number) => {
    const result = results[index];
    return result ? `/product/${result.id}` : allResultsHref;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (optionCount === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) =>
        current === -1
          ? step === 1
            ? 0
            : optionCount - 1
          : (current + step + optionCount) % optionCount,
      );
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      event.preventDefault();
      go(hrefOf(active));
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  // Synchronously after every render, so a key pressed right after another meets its state.
  useLayoutEffect(() => {
    connect({
      onType: () => {
        setActive(-1);
        setOpen(true);
      },
      onFocus: () => {
        window.clearTimeout(closeTimer.current);
        setOpen(true);
      },
      onBlur: () => {
        closeTimer.current = window.setTimeout(() => {
          setOpen(false);
          setActive(-1);
        }, BLUR_CLOSE_DELAY_MS);
      },
      onKeyDown,
      onSubmit: () => setOpen(false),
      toggleSpeech: speech.toggle,
    });
    return () => connect(null);
  });

  const options = results.map((result, index) => (
    // The keyboard works on the input, as the ARIA combobox pattern has it.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events
    <li
      key={result.id}
      id={`${listboxId}-${index}`}
      role="option"
      aria-selected={index === active}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => go(hrefOf(index))}
      className={clsx(
        'flex cursor-pointer items-center gap-3 rounded-lg p-2',
        index === active ? 'bg-sand' : 'hover:bg-sand',
      )}
    >
      {result.image ? (
        <img
          src={displayImageUrl(result.image.url)}
          alt=""
          width={40}
          height={40}
          className="h-10 w-10 shrink-0 rounded-md object-cover"
        />
      ) : (
        <span aria-hidden="true" className="h-10 w-10 shrink-0 rounded-md bg-sand" />
      )}
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{result.name}</span>
        <span className="block text-xs text-ink-muted">{result.categoryName}</span>
      </span>
      <span className="flex items-end gap-0.5" aria-hidden="true">
        {Array.from({ length: RELEVANCE_BARS }, (_, bar) => (
          <span
            key={bar}
            className={clsx('w-1 rounded-sm', bar < result.relevance ? 'bg-brass-700' : 'bg-stone')}
            style={{ height: `${6 + bar * 3}px` }}
          />
        ))}
      </span>
      <span className="sr-only">
        Relevance {result.relevance} of {RELEVANCE_BARS}
      </span>
    </li>
  ));
  const labelId = `${listboxId}-showing`;

  return (
    <>
      {showingResultsFor === null ? (
        options
      ) : (
        // docs/requirements.md §20: the tolerant search says what it matched. A listbox owns only options and
        // groups, so its options form a group named by the visible line (the APG's grouped
        // listbox): a screen reader hears the line as it moves into the results.
        <li role="none">
          <ul role="group" aria-labelledby={labelId}>
            <li role="presentation" id={labelId} className="px-2 py-1.5 text-sm text-ink-muted">
              {`Showing results for ${showingResultsFor}`}
            </li>
            {options}
          </ul>
        </li>
      )}
      {results.length > 0 ? (
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- as above
        <li
          id={`${listboxId}-${results.length}`}
          role="option"
          aria-selected={active === results.length}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => go(allResultsHref)}
          className={clsx(
            'cursor-pointer rounded-lg border-t border-stone/60 p-2 text-sm font-medium text-brass-700',
            active === results.length ? 'bg-sand' : 'hover:bg-sand',
          )}
        >
          {`View all results for "${trimmed}"`}
        </li>
      ) : null}
    </>
  );
}
