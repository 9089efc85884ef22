/** When the waiter polls next: exponential with full jitter, capped by maxDelay and by the estimated completion. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextDelay, RateEstimator, sleep } from '../../../src/async/waiter/schedule.ts';

describe('nextDelay', () => {
  it('doubles from minDelay on each attempt without jitter, up to maxDelay', () => {
    expect([0, 1, 2, 3, 4, 5].map((attempt) => nextDelay({ attempt, minDelay: 100, maxDelay: 2000, jitter: false }))).toEqual([100, 200, 400, 800, 1600, 2000]);
  });

  it('stops doubling after 30 attempts, however far maxDelay is', () => {
    const tiny = { minDelay: 0.000_001, maxDelay: 1_000_000, jitter: false };
    expect(nextDelay({ attempt: 30, ...tiny })).toBe(Math.round(0.000_001 * 2 ** 30));
    expect(nextDelay({ attempt: 40, ...tiny })).toBe(Math.round(0.000_001 * 2 ** 30));
  });

  it('with jitter, picks between minDelay and the ceiling in proportion to the random draw', () => {
    const at = (r: number) => nextDelay({ attempt: 2, minDelay: 1000, maxDelay: 60_000, jitter: true, random: () => r });
    expect([at(0), at(0.25), at(0.5), at(1)]).toEqual([1000, 1750, 2500, 4000]);
  });

  it('uses Math.random when no draw is given', () => {
    const spy = vi.spyOn(Math, 'random').mockReturnValue(0.5);
    try {
      expect(nextDelay({ attempt: 1, minDelay: 1000, maxDelay: 60_000, jitter: true })).toBe(1500);
    } finally {
      spy.mockRestore();
    }
  });

  it('rounds to whole milliseconds', () => {
    expect(nextDelay({ attempt: 0, minDelay: 10.4, maxDelay: 100, jitter: false })).toBe(10);
    expect(nextDelay({ attempt: 0, minDelay: 10.5, maxDelay: 100, jitter: false })).toBe(11);
  });

  it('sleeps no longer than the estimated completion, nor shorter than minDelay', () => {
    const base = { attempt: 5, minDelay: 500, maxDelay: 60_000, jitter: false };
    expect(nextDelay({ ...base, eta: 3000 })).toBe(3000);
    expect(nextDelay({ ...base, eta: 100 })).toBe(500);
    expect(nextDelay({ ...base, eta: 90_000 })).toBe(16_000);
  });

  it('ignores an estimate that is not a finite number', () => {
    const base = { attempt: 2, minDelay: 500, maxDelay: 60_000, jitter: false };
    expect(nextDelay({ ...base, eta: Number.NaN })).toBe(2000);
    expect(nextDelay({ ...base, eta: Number.POSITIVE_INFINITY })).toBe(2000);
    expect(nextDelay({ ...base, eta: undefined })).toBe(2000);
  });
});

describe('RateEstimator', () => {
  it('knows nothing before two observations that moved', () => {
    const rate = new RateEstimator();
    expect(rate.eta(10)).toBeUndefined();
    rate.observe(0, 0);
    expect(rate.eta(10)).toBeUndefined();
    rate.observe(1000, 0); // time passed, nothing closed
    expect(rate.eta(10)).toBeUndefined();
  });

  it('measures from the first observation to the latest, not between the last two', () => {
    const rate = new RateEstimator();
    rate.observe(1000, 10);
    rate.observe(2000, 20);
    rate.observe(5000, 50); // 40 closed in 4 s since the first: 10 per second
    expect(rate.eta(30)).toBe(3000);
  });

  it('gives no estimate when the closed count went backwards or no time passed', () => {
    const back = new RateEstimator();
    back.observe(0, 50);
    back.observe(1000, 40);
    expect(back.eta(10)).toBeUndefined();
    const instant = new RateEstimator();
    instant.observe(500, 0);
    instant.observe(500, 10);
    expect(instant.eta(10)).toBeUndefined();
  });
});

describe('sleep', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves after the pause, not before, and leaves no listener on the signal', async () => {
    const controller = new AbortController();
    const remove = vi.spyOn(controller.signal, 'removeEventListener');
    let done = false;
    const pause = sleep(1000, controller.signal).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await pause;
    expect(done).toBe(true);
    expect(remove).toHaveBeenCalledWith('abort', expect.any(Function));
  });

  it('resolves without a signal', async () => {
    const pause = sleep(10, undefined);
    await vi.advanceTimersByTimeAsync(10);
    await expect(pause).resolves.toBeUndefined();
  });

  it('rejects at once with the reason when the signal was already aborted, setting no timer', async () => {
    const controller = new AbortController();
    controller.abort('stop');
    await expect(sleep(1000, controller.signal)).rejects.toBe('stop');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects with the reason when aborted during the pause, and cancels its timer', async () => {
    const controller = new AbortController();
    const pause = sleep(10_000, controller.signal);
    pause.catch(() => {});
    await vi.advanceTimersByTimeAsync(100);
    controller.abort('enough');
    await expect(pause).rejects.toBe('enough');
    expect(vi.getTimerCount()).toBe(0);
  });
});
