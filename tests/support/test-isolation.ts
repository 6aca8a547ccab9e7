/**
 * docs/testing.md "One module graph per worker": Vitest runs most test files in worker threads that
 * keep one module graph between files, so the server's modules are loaded once per worker instead
 * of once per file. A file that changes what a module is, or what the process is, cannot share it;
 * it runs in a process of its own. The split is read off each file's text, never kept by hand.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** What makes a test file need a process of its own, and why, one line each. */
export const OWN_PROCESS_REASONS: readonly { pattern: RegExp; why: string }[] = [
  {
    pattern: /\bvi\.(mock|doMock|unmock|doUnmock|resetModules)\(/,
    why: 'it replaces a module, which a graph kept between files would keep for the next file or have loaded before the mock',
  },
  {
    pattern: /\bprocess\.env\.TZ\b/,
    why: 'it changes the time zone, which a worker thread ignores (only a process of its own takes it)',
  },
];

/** The first reason `text` (a test file's source) needs a process of its own, or null. */
export function ownProcessReason(text: string): string | null {
  return OWN_PROCESS_REASONS.find(({ pattern }) => pattern.test(text))?.why ?? null;
}

/** Test files under `folders` (relative to `root`), as paths relative to `root`. */
export function testFilesUnder(root: string, folders: readonly string[]): string[] {
  return folders.flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter(
        (name) => /\.test\.tsx?$/.test(name) && !name.split(path.sep).includes('node_modules'),
      )
      .map((name) => path.join(folder, name).split(path.sep).join('/')),
  );
}

/** The test files under `folders` that need a process of their own. */
export function filesNeedingOwnProcess(root: string, folders: readonly string[]): string[] {
  return testFilesUnder(root, folders).filter(
    (file) => ownProcessReason(readFileSync(path.join(root, file), 'utf8')) !== null,
  );
}
