/**
 * docs/testing.md: the PostgreSQL stage runs only server/ and tests/integration/ (vitest.config.ts,
 * TEST_SCOPE=database). A test in the pure folders that opened a database would run on PGlite
 * alone and hide a PostgreSQL difference, so none may.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testFilesUnder } from '../tests/support/test-isolation';

const PURE_FOLDERS = ['app', 'core', 'content', 'scripts'];
const DATABASE_MARKERS = [
  'support/database',
  'support/api-harness',
  'server/db/client',
  'createTestDatabase',
  'TEST_DATABASE_URL',
];

describe('tests of pure code run once, so they reach no database', () => {
  it('no test under app/, core/, content/ or scripts/ opens one', () => {
    const reaching = testFilesUnder('.', PURE_FOLDERS).filter((file) => {
      if (file === path.join('scripts', 'test-scope.test.ts')) return false;
      const text = readFileSync(file, 'utf8');
      return DATABASE_MARKERS.some((marker) => text.includes(marker));
    });
    expect(reaching, 'move these to server/ or tests/integration/').toEqual([]);
  });
});
