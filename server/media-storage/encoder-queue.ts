/**
 * docs/requirements.md §14: image encoding is CPU-bound (a 5 MB noisy JPEG costs about 16 s of one core),
 * so encodes wait their turn in this process rather than run all at once. Every job completes; only
 * its start is delayed, so an owner uploading 20 photos still gets all 20.
 */
import os from 'node:os';

export interface EncoderQueue {
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Jobs running now and jobs waiting, for logs and tests. */
  readonly running: number;
  readonly waiting: number;
}

/** At most `concurrency` jobs run at once; the others start in arrival order as slots free up. */
export function createEncoderQueue(concurrency: number): EncoderQueue {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new Error(`An encoder queue needs a concurrency of at least 1, not ${concurrency}`);
  }
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run(job) {
      if (running < concurrency) running += 1;
      // The finishing job hands its slot straight to this one, so `running` is not touched here.
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await job();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

/** One encode per core: each encode runs on one libvips thread (see `sharp.concurrency(1)`). */
export const imageEncoderQueue = createEncoderQueue(os.availableParallelism());
