/**
 * docs/testing.md "One module graph per worker": test files share a worker, and the checks every
 * file relies on (no console.error, every webhook event inside its contract) still fail the file
 * that breaks them when an earlier file in the worker loaded the modules first.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

interface FileResult {
  name: string;
  status: string;
  assertionResults: { failureMessages: string[] }[];
}

it('a later file in a shared worker still fails on a console error and on a broken webhook event', () => {
  const report = path.join(mkdtempSync(path.join(os.tmpdir(), 'shared-worker-')), 'report.json');
  spawnSync(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--config',
      'tests/support/shared-worker/vitest.config.ts',
      '--reporter=json',
      `--outputFile=${report}`,
    ],
    { encoding: 'utf8', env: { ...process.env, VITEST: undefined, NODE_ENV: undefined } },
  );
  const results = (JSON.parse(readFileSync(report, 'utf8')) as { testResults: FileResult[] })
    .testResults;
  const outcome = (file: string) => {
    const result = results.find((candidate) => candidate.name.endsWith(file));
    const messages = result?.assertionResults.flatMap((test) => test.failureMessages) ?? [];
    return { status: result?.status, messages: messages.join('\n') };
  };

  expect(outcome('1-loads-the-relay.check.ts').status).toBe('passed');
  const logged = outcome('2-logs-an-error.check.ts');
  expect(logged.status).toBe('failed');
  expect(logged.messages).toContain('console.error was called during the test');
  const emitted = outcome('3-emits-a-broken-event.check.ts');
  expect(emitted.status).toBe('failed');
  expect(emitted.messages).toContain('A webhook event does not match core/api/webhook-events.ts');
}, 60_000);
