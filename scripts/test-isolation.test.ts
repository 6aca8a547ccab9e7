/**
 * docs/testing.md "One module graph per worker": a test file that replaces a module or changes the
 * time zone runs in a process of its own; every other file shares its worker's module graph.
 */
import { describe, expect, it } from 'vitest';
import vitestConfig from '../vitest.config';
import { ownProcessReason } from '../tests/support/test-isolation';

type Project = {
  test: { name: string; include?: string[]; exclude?: string[]; isolate?: boolean };
};
const projects = (vitestConfig.test?.projects ?? []) as Project[];
const project = (name: string) => projects.find((candidate) => candidate.test.name === name)!;

describe('which test files need a process of their own', () => {
  it('a file that mocks a module or sets the time zone does; a plain one does not', () => {
    expect(ownProcessReason("vi.mock('../../server/http/answer', async () => ({}));")).toMatch(
      /replaces a module/,
    );
    expect(ownProcessReason("vi.doMock('./mail', () => ({}));")).toMatch(/replaces a module/);
    expect(ownProcessReason('vi.resetModules();')).toMatch(/replaces a module/);
    expect(ownProcessReason("process.env.TZ = 'America/Los_Angeles';")).toMatch(/time zone/);
    expect(ownProcessReason("import { it } from 'vitest';\nit('adds', () => {});")).toBeNull();
  });

  it('the config runs such files in processes of their own and keeps them out of the shared graph', () => {
    const shared = project('shared module graph');
    const own = project('own process');
    expect(shared.test.isolate).toBe(false);
    expect(own.test.isolate).toBe(true);
    for (const file of [
      'tests/integration/page-posts.test.ts',
      'tests/integration/dashboard-streaming.test.ts',
      'server/flows/submit-payment-reference-failure.test.ts',
      'server/modules/quotations/offer-pdf.test.ts',
      'server/modules/invoices/tax-document-pdf.test.ts',
      'app/components/ui/toaster.test.tsx',
    ]) {
      expect(own.test.include, file).toContain(file);
      expect(shared.test.exclude, file).toContain(file);
    }
    expect(own.test.include).not.toContain('server/modules/orders/orders.test.ts');
  });
});
