import {
  createContext,
  useContext,
  useId,
  type ComponentProps,
  type KeyboardEvent,
  type ReactNode,
} from 'react';

/**
 * Tabs after the WAI-ARIA Authoring Practices tabs pattern, in place of Radix Tabs (docs/decisions/020: no
 * Radix in the first load of public pages; /auth has the sign-in and sign-up tabs). The parts
 * keep Radix's names, `Root`, `List`, `Trigger`, `Content`, and its markup: `role` and ARIA
 * attributes, `data-state="active|inactive"` for the `data-[state=active]:` styles, and an
 * inactive panel that stays in the page, hidden and empty, so each tab's `aria-controls` names
 * an element.
 *
 * The tab list is one stop in the Tab order, the selected tab. Arrow Left and Right (wrapping
 * round), Home and End move the focus, and the tab it lands on opens: automatic activation,
 * Radix's default. The open panel is the next stop, so a panel without controls is reachable.
 */

type TabsState = {
  value: string;
  select: (value: string) => void;
  baseId: string;
};

const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const tabs = useContext(TabsContext);
  if (!tabs) throw new Error(`Tabs.${part} must be inside Tabs.Root`);
  return tabs;
}

const tabId = (baseId: string, value: string) => `${baseId}-tab-${value}`;
const panelId = (baseId: string, value: string) => `${baseId}-panel-${value}`;

/**
 * Where a key moves the focus in a row of `count` tabs, from the tab at `current`; null for a key
 * the tab list leaves alone (Up and Down included: the list is horizontal).
 */
export function tabIndexAfterKey(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** The tabs, controlled: `value` is the open tab, `onValueChange` hears of another one chosen. */
export function Root({
  value,
  onValueChange,
  children,
  ...props
}: Omit<ComponentProps<'div'>, 'onChange'> & {
  value: string;
  onValueChange: (value: string) => void;
  children: ReactNode;
}) {
  const baseId = useId();
  // Choosing the open tab again is no change (as with Radix): the routes navigate on a change.
  const select = (chosen: string) => {
    if (chosen !== value) onValueChange(chosen);
  };
  return (
    <TabsContext.Provider value={{ value, select, baseId }}>
      <div {...props}>{children}</div>
    </TabsContext.Provider>
  );
}

export function List({
  children,
  ...props
}: ComponentProps<'div'> & { 'aria-label': string; children: ReactNode }) {
  useTabs('List');
  return (
    <div role="tablist" aria-orientation="horizontal" {...props}>
      {children}
    </div>
  );
}

/** Moves the focus along the tab list and opens the tab it lands on (automatic activation). */
export function moveFocus(event: KeyboardEvent<HTMLButtonElement>) {
  // Alt+Left is the browser's Back, and the other combinations belong to the browser too.
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const list = event.currentTarget.closest('[role="tablist"]');
  if (!list) return;
  const tabs = [...list.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')].filter(
    (tab) => tab.closest('[role="tablist"]') === list,
  );
  const next = tabIndexAfterKey(event.key, tabs.indexOf(event.currentTarget), tabs.length);
  if (next === null) return;
  event.preventDefault();
  const tab = tabs[next]!;
  tab.focus();
  // The tab's own click handler opens it, so a key and a pointer choose a tab the same way.
  tab.click();
}

export function Trigger({
  value,
  children,
  ...props
}: Omit<ComponentProps<'button'>, 'value' | 'type' | 'role'> & {
  value: string;
  children: ReactNode;
}) {
  const tabs = useTabs('Trigger');
  const selected = tabs.value === value;
  return (
    <button
      {...props}
      type="button"
      role="tab"
      id={tabId(tabs.baseId, value)}
      aria-selected={selected}
      aria-controls={panelId(tabs.baseId, value)}
      data-state={selected ? 'active' : 'inactive'}
      tabIndex={selected ? 0 : -1}
      onKeyDown={moveFocus}
      // A pointer, Enter and Space all click the button; the arrow keys click the tab they reach.
      onClick={() => tabs.select(value)}
    >
      {children}
    </button>
  );
}

/** A tab's panel: its content is rendered only while the tab is open, as Radix does. */
export function Content({
  value,
  children,
  ...props
}: ComponentProps<'div'> & { value: string; children: ReactNode }) {
  const tabs = useTabs('Content');
  const selected = tabs.value === value;
  return (
    <div
      {...props}
      role="tabpanel"
      id={panelId(tabs.baseId, value)}
      aria-labelledby={tabId(tabs.baseId, value)}
      tabIndex={0}
      hidden={!selected}
      data-state={selected ? 'active' : 'inactive'}
    >
      {selected ? children : null}
    </div>
  );
}
