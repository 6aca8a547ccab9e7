import type { KeyboardEvent } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import * as Tabs from './tabs';

function renderTabs(value: string) {
  return renderToString(
    <Tabs.Root value={value} onValueChange={() => {}}>
      <Tabs.List aria-label="Sign in or sign up">
        <Tabs.Trigger value="sign-in">Sign In</Tabs.Trigger>
        <Tabs.Trigger value="sign-up">Sign Up</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="sign-in">the sign-in form</Tabs.Content>
      <Tabs.Content value="sign-up">the sign-up form</Tabs.Content>
    </Tabs.Root>,
  );
}

/** The attributes of each element with `role` in the HTML, in document order. */
function elementsWithRole(html: string, role: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<[a-z]+ [^>]*role="${role}"[^>]*>`, 'g'))].map((tag) =>
    Object.fromEntries(
      [...tag[0].matchAll(/([a-z-]+)(?:="([^"]*)")?/g)]
        .slice(1)
        .map(([, name, value]) => [name!, value ?? '']),
    ),
  );
}

/** A stand-in tab list: just the parts of the DOM that the key handler reads. */
function fakeTabList(count: number) {
  const list = {} as Element;
  const tabs = Array.from({ length: count }, () => ({
    closest: () => list,
    focus: vi.fn(),
    click: vi.fn(),
  }));
  Object.assign(list, { querySelectorAll: () => tabs });
  const press = (key: string, from: number, modifiers: { altKey?: boolean } = {}) => {
    const event = { key, ...modifiers, currentTarget: tabs[from], preventDefault: vi.fn() };
    Tabs.moveFocus(event as unknown as KeyboardEvent<HTMLButtonElement>);
    return event;
  };
  return { tabs, press };
}

describe('tabs (WAI-ARIA tabs pattern)', () => {
  it('marks the open tab selected, the only stop in the Tab order, and names its panel', () => {
    const html = renderTabs('sign-up');
    const [list] = elementsWithRole(html, 'tablist');
    expect(list).toMatchObject({ 'aria-label': 'Sign in or sign up' });
    const [signIn, signUp] = elementsWithRole(html, 'tab');
    expect(signIn).toMatchObject({
      'aria-selected': 'false',
      tabindex: '-1',
      'data-state': 'inactive',
    });
    expect(signUp).toMatchObject({
      'aria-selected': 'true',
      tabindex: '0',
      'data-state': 'active',
    });

    const [signInPanel, signUpPanel] = elementsWithRole(html, 'tabpanel');
    expect(signUp!['aria-controls']).toBe(signUpPanel!.id);
    expect(signUpPanel).toMatchObject({ 'aria-labelledby': signUp!.id, tabindex: '0' });
    expect(signUpPanel).not.toHaveProperty('hidden');
    // The closed panel stays, hidden and empty, so its tab's aria-controls names an element.
    expect(signIn!['aria-controls']).toBe(signInPanel!.id);
    expect(signInPanel).toHaveProperty('hidden');
    expect(html).toContain('the sign-up form');
    expect(html).not.toContain('the sign-in form');
  });

  it('moves with the arrow keys, round the ends, and to the ends with Home and End', () => {
    expect(Tabs.tabIndexAfterKey('ArrowRight', 0, 5)).toBe(1);
    expect(Tabs.tabIndexAfterKey('ArrowRight', 4, 5)).toBe(0);
    expect(Tabs.tabIndexAfterKey('ArrowLeft', 0, 5)).toBe(4);
    expect(Tabs.tabIndexAfterKey('ArrowLeft', 3, 5)).toBe(2);
    expect(Tabs.tabIndexAfterKey('Home', 3, 5)).toBe(0);
    expect(Tabs.tabIndexAfterKey('End', 1, 5)).toBe(4);
    // A horizontal tab list leaves Up, Down and every other key to the page.
    for (const key of ['ArrowUp', 'ArrowDown', 'Enter', ' ', 'Tab', 'a']) {
      expect(Tabs.tabIndexAfterKey(key, 1, 5)).toBeNull();
    }
  });

  it('focuses the tab a key reaches and opens it (automatic activation)', () => {
    const { tabs, press } = fakeTabList(3);
    const event = press('ArrowLeft', 0);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(tabs[2]!.focus).toHaveBeenCalledOnce();
    expect(tabs[2]!.click).toHaveBeenCalledOnce();
    expect(tabs[2]!.focus.mock.invocationCallOrder[0]).toBeLessThan(
      tabs[2]!.click.mock.invocationCallOrder[0]!,
    );

    const other = press('Tab', 1);
    expect(other.preventDefault).not.toHaveBeenCalled();
    // Alt+Left is the browser's Back.
    const back = press('ArrowLeft', 1, { altKey: true });
    expect(back.preventDefault).not.toHaveBeenCalled();
    for (const tab of tabs.slice(0, 2)) expect(tab.focus).not.toHaveBeenCalled();
  });
});
