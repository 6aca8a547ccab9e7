/**
 * docs/decisions/019: every webhook event emitted while the tests run matches its schema in
 * core/api/webhook-events.ts, whether or not an endpoint follows it (most tests have none, and then
 * nothing is stored to read back). A setup file: the emitter is wrapped here, never changed for
 * tests; a test during which an event left the contract fails after it, naming the problem.
 */
import { afterEach, vi } from 'vitest';
import { webhookPayloadProblem } from './webhook-payloads';

// One list per worker, which every file's afterEach reads: files share a worker's module graph
// (docs/testing.md "One module graph per worker"), so the emitter wrapped for an earlier file may
// be the one a later file's code calls. Each file starts with an empty list.
const problems = vi.hoisted((): string[] => {
  const worker = globalThis as { [key: symbol]: string[] | undefined };
  return (worker[Symbol.for('storefront.tests.webhookProblems')] ??= []);
});
problems.length = 0;

vi.mock(import('../../server/modules/webhooks/emit'), async (importOriginal) => {
  const emitter = await importOriginal();
  const emitWebhookEvent: typeof emitter.emitWebhookEvent = (tx, type, data, now) => {
    // As the endpoint gets it: JSON, a Date an ISO string.
    const sent: unknown = JSON.parse(JSON.stringify({ type, timestamp: now.toISOString(), data }));
    const problem = webhookPayloadProblem(sent);
    if (problem) problems.push(problem);
    return emitter.emitWebhookEvent(tx, type, data, now);
  };
  return { ...emitter, emitWebhookEvent };
});

afterEach(() => {
  if (problems.length > 0) {
    const found = problems.splice(0).join('\n');
    throw new Error(`A webhook event does not match core/api/webhook-events.ts:\n${found}`);
  }
});
