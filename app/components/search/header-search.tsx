import { clsx } from 'clsx';
import { Mic, MicOff, Search, X } from '../ui/icons';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Form } from 'react-router';
import { useHydrated } from '../ui/use-hydrated';
import type { ComboboxControls, ComboboxView, SearchSuggestionsProps } from './search-suggestions';
import { recognitionConstructor } from './speech-support';

type SuggestionsComponent = (props: SearchSuggestionsProps) => ReactNode;

// docs/decisions/020: the combobox's behaviour (suggestions, their list, the keyboard, voice input) is not
// in the page's first load; it is fetched once, when the box or the microphone is first used.
let suggestionsModule: Promise<SuggestionsComponent> | undefined;
function loadSuggestions(): Promise<SuggestionsComponent> {
  suggestionsModule ??= import('./search-suggestions').then(
    (module) => module.SearchSuggestions,
    (error: unknown) => {
      // Offline, or a new release replaced the file: the next use tries again.
      suggestionsModule = undefined;
      throw error;
    },
  );
  return suggestionsModule;
}

const CLOSED: ComboboxView = { expanded: false, activeDescendant: undefined, listening: false };

/**
 * The header search: an ARIA combobox with live suggestions from the server (spec §2, §5).
 * Without JavaScript it is a plain search form that opens the shop's ranked results.
 */
export function HeaderSearch() {
  const hydrated = useHydrated();
  const [mobileOpen, setMobileOpen] = useState(false);

  return (
    <div className="flex items-center">
      {/* On phones the field folds behind an icon. Before hydration the icon opens the shop: a
          GET form, the same button either way, so a tap held until the search's code is in
          (docs/decisions/029) is done on it. */}
      <form
        action="/shop"
        className="md:hidden"
        onSubmit={(event) => {
          event.preventDefault();
          setMobileOpen((open) => !open);
        }}
      >
        <button
          type="submit"
          aria-label={mobileOpen ? 'Close search' : 'Search'}
          aria-expanded={hydrated ? mobileOpen : undefined}
          className="rounded-full p-2 hover:bg-sand"
        >
          {mobileOpen ? (
            <X aria-hidden="true" className="h-5 w-5" />
          ) : (
            <Search aria-hidden="true" className="h-5 w-5" />
          )}
        </button>
      </form>
      <div
        className={clsx(
          'md:static md:block md:w-56 md:border-0 md:bg-transparent md:p-0 md:shadow-none lg:w-48 xl:w-72',
          mobileOpen
            ? 'absolute inset-x-0 top-16 border-b border-stone bg-ivory p-3 shadow-lg'
            : 'hidden',
        )}
      >
        <SearchCombobox focusOnOpen={mobileOpen} onNavigate={() => setMobileOpen(false)} />
      </div>
    </div>
  );
}

/**
 * The form, its box and the microphone, rendered with the page. search-suggestions.tsx brings the
 * rest on first use, inside the listbox, and drives the box through `controls`; until it has
 * loaded, and without JavaScript, this is a plain search form and what is typed stays in the box.
 */
function SearchCombobox({
  focusOnOpen,
  onNavigate,
}: {
  focusOnOpen: boolean;
  onNavigate: () => void;
}) {
  const hydrated = useHydrated();
  const listboxId = useId();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [view, setView] = useState(CLOSED);
  const [Suggestions, setSuggestions] = useState<SuggestionsComponent | null>(null);
  const controls = useRef<ComboboxControls | null>(null);
  // A click on the microphone before the voice search has loaded; it starts once it has.
  const speechRequested = useRef(false);
  // spec §2: voice input is offered only where the browser can recognise speech.
  const speechSupported = hydrated && recognitionConstructor() !== undefined;

  const enhance = () => {
    if (Suggestions) return;
    loadSuggestions().then(
      (component) => setSuggestions(() => component),
      // The plain search form still works.
      () => undefined,
    );
  };

  const connect = useCallback((loaded: ComboboxControls | null) => {
    controls.current = loaded;
    if (loaded && speechRequested.current) {
      speechRequested.current = false;
      loaded.toggleSpeech();
    }
  }, []);

  // docs/decisions/029: the search hydrates when it is first used, so a shopper may have focused
  // the box and typed before its code was in; the box keeps what they typed (before paint, or the
  // next render would empty it), and the suggestions load and ask for it.
  useLayoutEffect(() => {
    const typed = input.current?.value;
    if (typed) setQuery(typed);
    if (input.current === document.activeElement) enhance();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the box is hydrated
  }, []);

  // The phone's search icon reveals the field; the shopper came to type.
  useEffect(() => {
    if (focusOnOpen) input.current?.focus();
  }, [focusOnOpen]);

  return (
    <Form
      method="get"
      action="/shop"
      role="search"
      className="relative"
      onSubmit={() => {
        controls.current?.onSubmit();
        onNavigate();
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        Search products
      </label>
      <div className="flex items-center rounded-full bg-white ring-1 ring-stone focus-within:ring-2 focus-within:ring-brass-700">
        <Search aria-hidden="true" className="ml-3 h-4 w-4 shrink-0 text-ink-muted" />
        <input
          ref={input}
          id={inputId}
          type="search"
          name="q"
          value={query}
          placeholder="Search products"
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={view.expanded}
          aria-controls={listboxId}
          aria-activedescendant={view.activeDescendant}
          onChange={(event) => {
            setQuery(event.target.value);
            controls.current?.onType();
          }}
          onFocus={() => {
            enhance();
            controls.current?.onFocus();
          }}
          onBlur={() => controls.current?.onBlur()}
          onKeyDown={(event) => controls.current?.onKeyDown(event)}
          className="w-full min-w-0 bg-transparent px-2 py-2 text-sm outline-none [&::-webkit-search-cancel-button]:hidden"
        />
        {/* docs/requirements.md §19: one tap empties the box for the next piece's name. */}
        {query ? (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => {
              setQuery('');
              input.current?.focus();
            }}
            className="mr-1 rounded-full p-1 hover:bg-sand"
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </button>
        ) : null}
        {speechSupported ? (
          <button
            type="button"
            aria-label={view.listening ? 'Stop listening' : 'Search by voice'}
            aria-pressed={view.listening}
            onPointerDown={enhance}
            onFocus={enhance}
            onClick={() => {
              if (controls.current) {
                controls.current.toggleSpeech();
              } else {
                speechRequested.current = true;
                enhance();
              }
            }}
            className={clsx(
              'mr-1 rounded-full p-1.5',
              view.listening ? 'bg-terracotta text-white' : 'hover:bg-sand',
            )}
          >
            {view.listening ? (
              <MicOff aria-hidden="true" className="h-4 w-4" />
            ) : (
              <Mic aria-hidden="true" className="h-4 w-4" />
            )}
          </button>
        ) : null}
      </div>
      <ul
        id={listboxId}
        role="listbox"
        aria-label="Search suggestions"
        hidden={!view.expanded}
        className="absolute right-0 left-0 z-50 mt-2 max-h-[70vh] overflow-y-auto rounded-xl bg-white p-1 shadow-lg ring-1 ring-stone md:left-auto md:w-96"
      >
        {Suggestions ? (
          <Suggestions
            input={input}
            listboxId={listboxId}
            query={query}
            onQuery={setQuery}
            onView={setView}
            connect={connect}
            onNavigate={onNavigate}
          />
        ) : null}
      </ul>
    </Form>
  );
}
