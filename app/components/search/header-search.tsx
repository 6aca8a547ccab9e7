import { clsx } from 'clsx';
import { Mic, MicOff, Search, X } from '../ui/icons';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Form, Link, useFetcher, useNavigate } from 'react-router';
import { displayImageUrl } from '../../../core/media-url';
import type { SearchSuggestion } from '../../../server/modules/catalog/search';
import { useHydrated } from '../ui/use-hydrated';
import { useSpeechRecognition } from './use-speech-recognition';

// spec §2 / §9: the dropdown closes 200 ms after the box loses focus
const BLUR_CLOSE_DELAY_MS = 200;
// Waits for a pause in typing before asking the server.
const TYPING_DEBOUNCE_MS = 150;
const RELEVANCE_BARS = 5;

/** What /search/suggestions answers (app/routes/search.suggestions.ts). */
interface Suggestions {
  query: string;
  results: SearchSuggestion[];
}

/**
 * The header search: an ARIA combobox with live suggestions from the server (spec §2, §5).
 * Without JavaScript it is a plain search form that opens the shop's ranked results.
 */
export function HeaderSearch() {
  const hydrated = useHydrated();
  const [mobileOpen, setMobileOpen] = useState(false);

  return (
    <div className="flex items-center">
      {/* On phones the field folds behind an icon; before hydration the icon opens the shop. */}
      {hydrated ? (
        <button
          type="button"
          aria-label={mobileOpen ? 'Close search' : 'Search'}
          aria-expanded={mobileOpen}
          onClick={() => setMobileOpen((open) => !open)}
          className="rounded-full p-2 hover:bg-sand md:hidden"
        >
          {mobileOpen ? (
            <X aria-hidden="true" className="h-5 w-5" />
          ) : (
            <Search aria-hidden="true" className="h-5 w-5" />
          )}
        </button>
      ) : (
        <Link to="/shop" aria-label="Search" className="rounded-full p-2 hover:bg-sand md:hidden">
          <Search aria-hidden="true" className="h-5 w-5" />
        </Link>
      )}
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

function SearchCombobox({
  focusOnOpen,
  onNavigate,
}: {
  focusOnOpen: boolean;
  onNavigate: () => void;
}) {
  const navigate = useNavigate();
  const fetcher = useFetcher<Suggestions>();
  const listboxId = useId();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const trimmed = query.trim();
  // Only answers to the current query count; a slower, older answer is ignored.
  const results = fetcher.data && fetcher.data.query === query ? fetcher.data.results : [];
  const allResultsHref = `/shop?q=${encodeURIComponent(trimmed)}`;
  const optionCount = results.length > 0 ? results.length + 1 : 0;
  const expanded = open && trimmed !== '' && results.length > 0;

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

  // The phone's search icon reveals the field; the shopper came to type.
  useEffect(() => {
    if (focusOnOpen) input.current?.focus();
  }, [focusOnOpen]);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const speech = useSpeechRecognition((transcript) => {
    setQuery(transcript);
    setActive(-1);
    setOpen(true);
    input.current?.focus();
  });

  const go = (href: string) => {
    setOpen(false);
    setActive(-1);
    onNavigate();
    void navigate(href);
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

  return (
    <Form
      method="get"
      action="/shop"
      role="search"
      className="relative"
      onSubmit={() => {
        setOpen(false);
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
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={expanded && active >= 0 ? `${listboxId}-${active}` : undefined}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(-1);
            setOpen(true);
          }}
          onFocus={() => {
            window.clearTimeout(closeTimer.current);
            setOpen(true);
          }}
          onBlur={() => {
            closeTimer.current = window.setTimeout(() => {
              setOpen(false);
              setActive(-1);
            }, BLUR_CLOSE_DELAY_MS);
          }}
          onKeyDown={onKeyDown}
          className="w-full min-w-0 bg-transparent px-2 py-2 text-sm outline-none [&::-webkit-search-cancel-button]:hidden"
        />
        {speech.supported ? (
          <button
            type="button"
            aria-label={speech.listening ? 'Stop listening' : 'Search by voice'}
            aria-pressed={speech.listening}
            onClick={speech.toggle}
            className={clsx(
              'mr-1 rounded-full p-1.5',
              speech.listening ? 'bg-terracotta text-white' : 'hover:bg-sand',
            )}
          >
            {speech.listening ? (
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
        hidden={!expanded}
        className="absolute right-0 left-0 z-50 mt-2 max-h-[70vh] overflow-y-auto rounded-xl bg-white p-1 shadow-lg ring-1 ring-stone md:left-auto md:w-96"
      >
        {results.map((result, index) => (
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
                  className={clsx(
                    'w-1 rounded-sm',
                    bar < result.relevance ? 'bg-brass-700' : 'bg-stone',
                  )}
                  style={{ height: `${6 + bar * 3}px` }}
                />
              ))}
            </span>
            <span className="sr-only">
              Relevance {result.relevance} of {RELEVANCE_BARS}
            </span>
          </li>
        ))}
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
      </ul>
    </Form>
  );
}
