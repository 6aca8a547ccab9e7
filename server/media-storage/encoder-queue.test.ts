import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { createEncoderQueue, imageEncoderQueue } from './encoder-queue';

/** A job that stays running until the test lets it finish. */
function heldJob(index: number, log: { started: number[]; peak: number; now: number }) {
  let finish!: () => void;
  const released = new Promise<void>((resolve) => (finish = resolve));
  return {
    finish: () => finish(),
    run: async () => {
      log.started.push(index);
      log.now += 1;
      log.peak = Math.max(log.peak, log.now);
      await released;
      log.now -= 1;
      return index;
    },
  };
}

describe('the image encoder queue', () => {
  it('never runs more than its concurrency at once, and completes every job in order', async () => {
    const queue = createEncoderQueue(2);
    const log = { started: [] as number[], peak: 0, now: 0 };
    const jobs = Array.from({ length: 20 }, (_, index) => heldJob(index, log));
    const results = jobs.map((job) => queue.run(job.run));
    await Promise.resolve();
    expect(log.started).toEqual([0, 1]);
    expect(queue.running).toBe(2);
    expect(queue.waiting).toBe(18);

    // Finishing jobs one at a time lets exactly one waiting job in each time.
    for (const job of jobs) {
      job.finish();
      await new Promise((resolve) => setImmediate(resolve));
      expect(log.now).toBeLessThanOrEqual(2);
    }
    expect(await Promise.all(results)).toEqual(jobs.map((_, index) => index));
    expect(log.peak).toBe(2);
    expect(log.started).toEqual(jobs.map((_, index) => index));
    expect(queue.running).toBe(0);
    expect(queue.waiting).toBe(0);
  });

  it('frees the slot of a job that fails', async () => {
    const queue = createEncoderQueue(1);
    await expect(queue.run(() => Promise.reject(new Error('broken image')))).rejects.toThrow(
      'broken image',
    );
    expect(await queue.run(() => Promise.resolve('next'))).toBe('next');
    expect(queue.running).toBe(0);
  });

  it('runs the uploads of the shop one per core', async () => {
    const log = { started: [] as number[], peak: 0, now: 0 };
    const jobs = Array.from({ length: os.availableParallelism() + 3 }, (_, index) =>
      heldJob(index, log),
    );
    const results = jobs.map((job) => imageEncoderQueue.run(job.run));
    await Promise.resolve();
    expect(log.now).toBe(os.availableParallelism());
    for (const job of jobs) job.finish();
    await Promise.all(results);
    expect(log.peak).toBe(os.availableParallelism());
  });

  it('refuses a concurrency below one', () => {
    expect(() => createEncoderQueue(0)).toThrow(/at least 1/);
  });
});
