import { afterEach } from 'vitest';

// docs/design.md §4a: tests fail on console.error, so a warning React or a library prints is never missed.
const errors: unknown[][] = [];
const original = console.error.bind(console);
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  if (errors.length > 0) {
    const printed = errors.map((args) => args.map(String).join(' ')).join('\n');
    errors.length = 0;
    throw new Error(`console.error was called during the test:\n${printed}`);
  }
});
