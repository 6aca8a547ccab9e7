import { readFileSync } from 'node:fs';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HeaderSearch } from './header-search';

function serverHtml(): string {
  const Page = createRoutesStub([{ path: '/', Component: HeaderSearch }]);
  return renderToString(<Page />);
}

/** The attributes of the first `<tag …>` in the HTML. */
function attributesOf(html: string, tag: string): Record<string, string> {
  const element = new RegExp(`<${tag} [^>]*>`).exec(html)?.[0] ?? '';
  return Object.fromEntries(
    [...element.matchAll(/([a-zA-Z-]+)(?:="([^"]*)")?/g)]
      .slice(1)
      .map(([, name, value]) => [name!, value ?? '']),
  );
}

describe('the header search before its suggestions load', () => {
  it('is a plain search form to the shop in the server HTML', () => {
    const html = serverHtml();
    // The phone's search icon comes first: a GET form to the shop until the search is hydrated
    // (docs/decisions/029), then the search form itself.
    expect(attributesOf(html, 'form')).toMatchObject({ action: '/shop' });
    expect(attributesOf(html, 'form(?= [^>]*role="search")')).toMatchObject({
      role: 'search',
      action: '/shop',
      method: 'get',
    });
    const input = attributesOf(html, 'input');
    expect(input).toMatchObject({
      type: 'search',
      name: 'q',
      value: '',
      placeholder: 'Search products',
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': 'false',
    });
    expect(input).not.toHaveProperty('aria-activedescendant');
    expect(attributesOf(html, 'label')).toMatchObject({ for: input.id });
    expect(html).toContain('>Search products</label>');
    // The box controls the (empty, hidden) listbox, which the loaded module fills.
    const listbox = attributesOf(html, 'ul');
    expect(listbox).toMatchObject({
      id: input['aria-controls'],
      role: 'listbox',
      'aria-label': 'Search suggestions',
      hidden: '',
    });
    expect(html).not.toContain('role="option"');
    // Voice input needs the browser: never in the server HTML.
    expect(html).not.toContain('Search by voice');
  });

  it('does not bring the suggestions or the voice search into the first load', () => {
    const shell = readFileSync(new URL('./header-search.tsx', import.meta.url), 'utf8');
    const staticImports = [...shell.matchAll(/^import (?!type )[^;]*? from '([^']+)';$/gm)].map(
      ([, from]) => from,
    );
    expect(staticImports).not.toContain('./search-suggestions');
    expect(staticImports).not.toContain('./use-speech-recognition');
    expect(shell).toContain("import('./search-suggestions')");
  });
});
