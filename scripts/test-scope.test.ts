/**
 * docs/testing.md: the PostgreSQL stage runs only server/ and tests/integration/ (vitest.config.ts,
 * TEST_SCOPE=database). A test in the pure folders that opened a database would run on PGlite
 * alone and hide a PostgreSQL difference, so none may.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const PURE_FOLDERS = ['app', 'core', 'content', 'scripts'];
const DATABASE_MARKERS = [
  'support/database',
  'support/api-harness',
  'server/db/client',
  'createTestDatabase',
  'TEST_DATABASE_URL',
];

function testFilesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.test\.tsx?$/.test(name) && !name.includes('node_modules'))
    .map((name) => path.join(folder, name));
}

describe('tests of pure code run once, so they reach no database', () => {
  it('no test under app/, core/, content/ or scripts/ opens one', () => {
    const reaching = PURE_FOLDERS.flatMap(testFilesUnder).filter((file) => {
      if (file === path.join('scripts', 'test-scope.test.ts')) return false;
      const text = readFileSync(file, 'utf8');
      return DATABASE_MARKERS.some((marker) => text.includes(marker));
    });
    expect(reaching, 'move these to server/ or tests/integration/').toEqual([]);
  });
});
