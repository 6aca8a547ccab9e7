import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * docs/decisions/020: zod stays out of the first-load JavaScript of the public pages. A bundler splits by
 * module, not by export, so a page that imports one text from a module building a schema loads
 * the schema and zod with it. These modules hold what the pages import without the schemas; none
 * may import zod, directly or through another module.
 */
const zodFreeModules = [
  'identity/account-texts.ts',
  'community/community-texts.ts',
  // docs/requirements.md §21: the header's currency picker and every approximate amount.
  'money/display-currency.ts',
  'identity/identity-texts.ts',
  'identity/password-rules.ts',
  'quotes/quotation-texts.ts',
  'quotes/quote-links.ts',
  'quotes/quote-texts.ts',
  'forms/route-query-fields.ts',
  'identity/security-texts.ts',
  // Apart from core/catalog/shop-query.ts for the same reason (docs/requirements.md §14).
  'catalog/shop-listing.ts',
  // The welcome pop-up's rule, asked on every storefront page.
  'catalog/welcome-pages.ts',
];

const coreDirectory = dirname(fileURLToPath(import.meta.url));
const importsZod = (specifier: string) =>
  specifier === 'zod' || specifier.startsWith('zod/') || specifier.startsWith('@conform-to/zod');

/**
 * The modules a file loads when it runs. `import type` and `export type` are erased; an import of
 * inline `type` names only is not (under verbatimModuleSyntax it stays as `import {} from`), so it
 * counts.
 */
function runtimeImports(code: string): string[] {
  const source = ts.createSourceFile('module.ts', code, ts.ScriptTarget.Latest);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      if (statement.importClause?.isTypeOnly) continue;
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      if (statement.isTypeOnly) continue;
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers;
}

function resolveRelative(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier);
  const file = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
  if (!file) throw new Error(`${relative(coreDirectory, from)}: cannot resolve ${specifier}`);
  return file;
}

/** Each chain of imports from `entry` that ends in zod, as the files it runs through. */
function zodChains(entry: string): string[][] {
  const chains: string[][] = [];
  const seen = new Set<string>();
  const visit = (file: string, trail: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of runtimeImports(readFileSync(file, 'utf8'))) {
      if (importsZod(specifier)) chains.push([...trail, specifier]);
      else if (specifier.startsWith('.')) {
        const imported = resolveRelative(file, specifier);
        visit(imported, [...trail, relative(coreDirectory, imported)]);
      }
    }
  };
  visit(entry, [relative(coreDirectory, entry)]);
  return chains;
}

describe('the modules the public pages import without schemas', () => {
  it.each(zodFreeModules)('%s imports no zod, directly or transitively', (module) => {
    const chains = zodChains(resolve(coreDirectory, module)).map((chain) => chain.join(' → '));
    expect(chains).toEqual([]);
  });

  it('counts an import of inline types only, and not `import type`', () => {
    const code = [
      "import type { ReviewInput } from './community';",
      "export type { QuotationRequest } from './quotation';",
      "import { type ProfileInput } from './account';",
      "export { type AddressInput } from './account';",
      "import './side-effect';",
    ].join('\n');
    expect(runtimeImports(code)).toEqual(['./account', './account', './side-effect']);
  });

  it('finds zod through a chain of imports', () => {
    // core/identity/account.ts reaches zod directly and through core/orders/orders.ts.
    const chains = zodChains(resolve(coreDirectory, 'identity/account.ts')).map((chain) =>
      chain.join(' → '),
    );
    expect(chains).toContain('identity/account.ts → zod');
    expect(chains.some((chain) => chain.startsWith('identity/account.ts → orders/orders.ts'))).toBe(
      true,
    );
  });
});
