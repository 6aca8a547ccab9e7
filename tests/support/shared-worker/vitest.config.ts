/**
 * docs/testing.md "One module graph per worker": the checks every test file relies on, run as the
 * suite's shared project runs them (its pool, its isolation, the suite's setup files), on three
 * files in one worker, in the order of their names. scripts/shared-worker-checks.test.ts runs it.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import suite from '../../../vitest.config.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const shared = suite.test?.projects
  ?.map((project) => (typeof project === 'object' && 'test' in project ? project.test : undefined))
  .find((project) => project?.name === 'shared module graph');
if (!shared) throw new Error('vitest.config.ts has no "shared module graph" project');

class ByName extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    return [...files].sort((first, second) => first.moduleId.localeCompare(second.moduleId));
  }
}

export default defineConfig({
  root: path.resolve(here, '../../..'),
  test: {
    include: ['tests/support/shared-worker/*.check.ts'],
    setupFiles: suite.test?.setupFiles,
    pool: shared.pool,
    isolate: shared.isolate,
    maxWorkers: 1,
    fileParallelism: false,
    sequence: { sequencer: ByName },
  },
});
