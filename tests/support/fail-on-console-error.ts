import { afterEach } from 'vitest';

// docs/design.md §4a: tests fail on console.error, so a warning React or a library prints is never missed.
// A setup file runs before every test file, and files share a worker (docs/testing.md "One module
// graph per worker"): console.error is wrapped once per worker, and each file starts with no errors.
const ERRORS = Symbol.for('storefront.tests.consoleErrors');
const worker = globalThis as typeof globalThis & { [ERRORS]?: unknown[][] };
const errors = (worker[ERRORS] ??= wrapConsoleError());
errors.length = 0;

function wrapConsoleError(): unknown[][] {
  const logged: unknown[][] = [];
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    logged.push(args);
    original(...args);
  };
  return logged;
}

afterEach(() => {
  if (errors.length > 0) {
    const printed = errors.map((args) => args.map(String).join(' ')).join('\n');
    errors.length = 0;
    throw new Error(`console.error was called during the test:\n${printed}`);
  }
});
