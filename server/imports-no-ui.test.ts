/**
 * docs/design.md §3: the imports point down, from the UI to the server to core/. Nothing under
 * server/ (its tests included) imports app/: what both need lives in core/. A test that must read
 * a UI module beside the domain belongs in tests/integration.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

function sourcesUnder(directory: string): string[] {
  return readdirSync(path.join(root, directory), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourcesUnder(file);
    return /\.(ts|tsx|mts|mjs|js)$/.test(entry.name) ? [file] : [];
  });
}

/** The imports of `file` (static, dynamic, `export … from`, `import type`) that land in app/. */
function uiImportsOf(file: string, text: string): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles
    .map((imported) => imported.fileName)
    .filter((specifier) => {
      if (specifier.startsWith('~/')) return true;
      if (!specifier.startsWith('.')) return false;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      return target === 'app' || target.startsWith('app/');
    })
    .map((specifier) => `${file}: ${specifier}`);
}

describe('server/ never imports app/', () => {
  it('finds no import from server/ into app/', () => {
    const found = sourcesUnder('server').flatMap((file) =>
      uiImportsOf(file, readFileSync(path.join(root, file), 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('sees every form of import', () => {
    const text = `
      import { Honeypot } from '../../app/components/community/honeypot';
      import type { Answer } from '../../app/answer';
      export { meta } from '../../app/routes/home';
      const lazy = await import('../../app/root');
      import { shop } from '~/routes/shop';
      import { isRobotSubmission } from '../../core/honeypot';
      import { z } from 'zod';
    `;
    expect(uiImportsOf('server/http/probe.ts', text)).toEqual([
      'server/http/probe.ts: ../../app/components/community/honeypot',
      'server/http/probe.ts: ../../app/answer',
      'server/http/probe.ts: ../../app/routes/home',
      'server/http/probe.ts: ../../app/root',
      'server/http/probe.ts: ~/routes/shop',
    ]);
  });
});
