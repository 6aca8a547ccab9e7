/**
 * Preloaded into a journey's server process (`node --import`) to inject its clock: the process's
 * `Date` runs `CLOCK_AHEAD_HOURS` ahead of the machine's and keeps moving with it, so the domain's
 * clock (AppContext.clock, the workers' clock) reads that far in the future while the database
 * keeps the real time. Nothing in the shop's own code knows about it.
 */
import FakeTimers from '@sinonjs/fake-timers';

const hoursAhead = Number(process.env.CLOCK_AHEAD_HOURS);
if (!Number.isFinite(hoursAhead)) {
  throw new Error('clock-ahead.mjs needs CLOCK_AHEAD_HOURS, a number of hours');
}

FakeTimers.install({
  now: Date.now() + hoursAhead * 3_600_000,
  // Only the date: timers stay real, so the server's sockets, pools and queues run as they do.
  toFake: ['Date'],
  shouldAdvanceTime: true,
});
