import {
  createElement,
  memo,
  Suspense,
  use,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentType,
} from 'react';
import type { DataRouter, RouterState } from 'react-router';
import { StreamedContent, useHydrated } from './use-hydrated';

const inBrowser = typeof document !== 'undefined';

/** The deferred sections asked for whose controls are not switched on yet. */
const pending = new Set<symbol>();
/** The root's one call for when they all are (its `data-hydrated` marker). */
let onSettled: (() => void) | undefined;

/** A section's server HTML in the page while it waits for its code (dehydrated). */
interface Waiting {
  nodes: Node[];
  start(): void;
  /** Taps and sends made before its code was in, done again once it is (or natively). */
  held: ((hydrated: boolean) => void)[];
  timer?: ReturnType<typeof setTimeout>;
}
const waiting = new Map<symbol, Waiting>();
let observer: IntersectionObserver | undefined;
let listening = false;
let replaying = false;
const HOLD_MS = 3_000;

function observe({ nodes }: Waiting, watched = true) {
  for (const node of nodes) {
    if (node instanceof Element) observer?.[watched ? 'observe' : 'unobserve'](node);
  }
}

/** The section is hydrated (or gone, or its code failed): the marker no longer waits for it. */
function settle(token: symbol, hydrated?: boolean) {
  release(token, hydrated);
  if (!pending.delete(token) || pending.size > 0) return;
  onSettled?.();
  onSettled = undefined;
}

/** Stops watching a section; what it held is done again (hydrated, or natively) unless it is gone. */
function release(token: symbol, hydrated?: boolean) {
  const section = waiting.get(token);
  if (!section) return;
  waiting.delete(token);
  clearTimeout(section.timer);
  observe(section, false);
  replaying = true;
  if (hydrated !== undefined) for (const held of section.held) held(hydrated);
  replaying = false;
}

/**
 * A focus, press, key, tap or send inside a waiting section (or its nearing the viewport) asks for
 * its code. A tap or a send is held meanwhile and done once the section is hydrated, as for a
 * visitor who waited for it, or natively after HOLD_MS (a slow line, offline).
 */
function onUse(event: Pick<Event, 'target' | 'type'>) {
  const target = event.target as HTMLElement;
  for (const [token, section] of replaying ? [] : waiting) {
    if (!section.nodes.some((node) => node.contains(target))) continue;
    section.start();
    if (event.type !== 'click' && event.type !== 'submit') return;
    const { clientX, clientY, submitter } = event as MouseEvent & SubmitEvent;
    (event as Event).preventDefault();
    (event as Event).stopImmediatePropagation();
    section.held.push((hydrated) => {
      if (event.type === 'submit') {
        (target as HTMLFormElement).requestSubmit(submitter?.isConnected ? submitter : null);
      } else {
        // Hydrated, a control may be drawn anew (a GET form's button became a button): then the
        // one now under the pointer takes the tap.
        const now =
          target.isConnected || !hydrated ? target : document.elementFromPoint(clientX, clientY);
        now?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      }
    });
    section.timer ??= setTimeout(() => release(token, false), HOLD_MS);
    return;
  }
}

function watch(token: symbol, section: Waiting) {
  waiting.set(token, section);
  observe(section);
  if (listening) return;
  listening = true;
  for (const type of ['focusin', 'pointerdown', 'keydown', 'click', 'submit']) {
    addEventListener(type, onUse, true);
  }
  // docs/requirements.md §16: once the reader scrolls, a section within half a screen of the
  // viewport fetches its code. What the first screen shows waits for that, or for its first use.
  addEventListener(
    'scroll',
    () => {
      observer = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) if (entry.isIntersecting) onUse(entry as never);
        },
        { rootMargin: '50% 0px' },
      );
      waiting.forEach((waitingSection) => observe(waitingSection));
    },
    { once: true, passive: true },
  );
}

/** The nodes of the server-rendered Suspense boundary right after `marker` (React's comments). */
function serverNodesAfter(marker: Node | null): Node[] | null {
  const comment = (node: Node | null | undefined) => (node instanceof Comment ? node.data : '');
  let node = marker?.nextSibling;
  if (!/^[$&]/.test(comment(node))) return null;
  const nodes: Node[] = [];
  for (let depth = 0; (node = node!.nextSibling); nodes.push(node)) {
    if (/^[$&]/.test(comment(node))) depth += 1;
    else if (/^\//.test(comment(node)) && depth-- === 0) break;
  }
  return nodes;
}

/**
 * Calls `callback` once every deferred section asked for is hydrated and its controls are on (at
 * once when there is none); returns a function that cancels the call. The root's `data-hydrated`
 * marker waits for it. A section nobody has neared or used yet is not waited for: its server
 * HTML is what the page shows until then.
 */
export function afterDeferredSections(callback: () => void): () => void {
  if (pending.size === 0) callback();
  else onSettled = callback;
  return () => {
    onSettled = undefined;
  };
}

/** Rendered with the section once its code is in: hydrated with it, it reports it settled. */
function Settled({ token }: { token: symbol }) {
  const hydrated = useHydrated();
  useLayoutEffect(() => {
    instanceOf(token).rendered = true;
  }, [token]);
  useEffect(() => {
    if (hydrated) settle(token, true);
  }, [hydrated, token]);
  return null;
}

const subscribeNever = () => () => undefined;
/**
 * React Router learns the routes of the page's links after hydration (its route discovery) and
 * then publishes a state that differs from the last one in its identity only. React would draw
 * every dehydrated section anew for it, asking for all their code at once (docs/decisions/029),
 * though nothing on the page changes: its subscribers are not told of such a state. Installed
 * before the router's provider subscribes (during hydration); without the router's global, every
 * state reaches them, as before.
 */
let quieted = false;
function quietRouter() {
  const router = (window as { __reactRouterDataRouter?: DataRouter }).__reactRouterDataRouter;
  if (quieted || !router) return;
  quieted = true;
  const subscribe = router.subscribe.bind(router);
  router.subscribe = (subscriber) => {
    let last: RouterState = router.state;
    return subscribe((state, options) => {
      const same =
        options.deletedFetchers.length === 0 &&
        Object.keys(state).every(
          (key) => state[key as keyof RouterState] === last[key as keyof RouterState],
        );
      last = state;
      if (!same) subscriber(state, options);
    });
  };
}

/** One section on the page: its server HTML while not hydrated, and whether React has drawn it. */
interface Instance {
  nodes?: Node[] | null;
  html?: string;
  rendered?: boolean;
}
const instances = new Map<symbol, Instance>();
function instanceOf(token: symbol): Instance {
  let instance = instances.get(token);
  if (!instance) instances.set(token, (instance = {}));
  return instance;
}

interface Code<Props> {
  component?: ComponentType<Props>;
  ready: Promise<void>;
  started: boolean;
  start(): void;
  subscribe(listener: () => void): () => void;
  /** The section's instances on the page. */
  tokens: Set<symbol>;
}

/**
 * The section itself, once its code is in. While React hydrates the server HTML, it suspends until
 * then, and React keeps that HTML (dehydrated), working as without JavaScript, without asking for
 * the code. When an update reaches a dehydrated section (a navigation, a form, a revalidation:
 * the page is in use), React draws it anew: its code is asked for, and the update goes on at once
 * with a copy of the server HTML in place (waiting would hold the update back and hide its
 * intermediate states), the section itself once its code is in. A section the browser mounts (a
 * navigation) asks for its code. `useSyncExternalStore`'s server snapshot tells hydration apart.
 */
function Gate<Props extends object>({
  code,
  props,
  token,
}: {
  code: Code<Props>;
  props: Props;
  token: symbol;
}) {
  // The server keeps no record: each request renders the section whole.
  const instance = inBrowser ? instanceOf(token) : {};
  const renderedAnew = useSyncExternalStore(
    subscribeNever,
    () => !instance.rendered,
    () => false,
  );
  const getComponent = () => code.component;
  const Component = useSyncExternalStore(code.subscribe, getComponent, getComponent);
  const { nodes } = instance;
  // A dehydrated section drawn anew (an update reached it before its code): asked for now.
  const anew = renderedAnew && nodes;
  if (!inBrowser || renderedAnew) code.start();
  if (Component) {
    return (
      <>
        {createElement(Component, props)}
        <Settled token={token} />
      </>
    );
  }
  // Hydrating, or mounted by the browser: wait for the code. (Never the copy while hydrating.)
  if (!anew && !instance.rendered) {
    use(code.ready);
    return null;
  }
  if (instance.html === undefined) {
    const box = document.createElement('div');
    for (const node of nodes!) box.append(node.cloneNode(true));
    instance.html = box.innerHTML;
  }
  return (
    <span
      ref={() => {
        instanceOf(token).rendered = true;
      }}
      className="contents"
      dangerouslySetInnerHTML={{ __html: instance.html }}
    />
  );
}

/**
 * docs/decisions/020 and 029: a section of a page whose code is not in the page's first load. The
 * server renders it in place, as any other part of the page (entry.server waits for it), so its
 * HTML is complete, also without JavaScript, and its forms post natively. In the browser React
 * hydrates the rest of the page and keeps the section's server HTML (selective hydration) until
 * its code is asked for (docs/requirements.md §16): when the section nears the viewport once the
 * reader scrolls, on the first focus, press or key inside it, or when the page is in use (a
 * navigation or a form, which React renders it anew for). A tap or a send inside it before its
 * code is in is held and done once it is hydrated, or natively after HOLD_MS.
 *
 * For a part of the page that works before its code is in, as it does without JavaScript: links,
 * forms that post, buttons that are GET forms until hydrated (useHydrated). If its code cannot be
 * fetched, it stays that way.
 */
export function deferred<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const listeners = new Set<() => void>();
  const code: Code<Props> = {
    ready: new Promise<void>((resolved, rejected) => {
      resolve = resolved;
      reject = rejected;
    }),
    started: false,
    tokens: new Set(),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (code.started) return;
      code.started = true;
      for (const token of code.tokens) pending.add(token);
      load().then(
        (component) => {
          code.component = component;
          resolve();
          for (const listener of listeners) listener();
        },
        (error: unknown) => {
          if (!inBrowser) return reject(error);
          // Offline, or a new release replaced the file: the section keeps its server HTML, which
          // works as it does without JavaScript, and what it held is done natively.
          for (const token of code.tokens) settle(token, false);
        },
      );
    },
  };
  // A server render that fails answers with the error; the promise's own rejection is handled.
  code.ready.catch(() => undefined);
  // Memoised: while the section waits for its code, a render of its parent with the same props
  // (the switch of every control to hydrated, useHydrated's transition) must not reach it.
  const Deferred = memo(function Deferred(props: Props) {
    const [token] = useState(() => Symbol());
    const marker = useRef<HTMLTemplateElement>(null);
    if (inBrowser) quietRouter();
    // A layout effect: registered before the root's (passive) effect reads the registry.
    useLayoutEffect(() => {
      code.tokens.add(token);
      if (!code.component) {
        const nodes = serverNodesAfter(marker.current);
        instanceOf(token).nodes = nodes;
        if (nodes) watch(token, { nodes, start: code.start, held: [] });
        if (code.started) pending.add(token);
      }
      return () => {
        code.tokens.delete(token);
        instances.delete(token);
        settle(token);
      };
    }, [token]);
    return (
      <>
        {/* Where the section's server HTML starts, so that it can be watched (no box, no role). */}
        <template ref={marker} />
        {/* Hydrated after the page, its controls start out as the server rendered them (use-hydrated). */}
        <StreamedContent value>
          <Suspense fallback={null}>
            <Gate code={code} props={props} token={token} />
          </Suspense>
        </StreamedContent>
      </>
    );
  });
  /** Asks for the section's code now (a toast to show, docs/decisions/029). */
  return Object.assign(Deferred, { load: code.start });
}
