/**
 * Waits for `promise` unless `signal` aborts first. The promise keeps running (a sign-in other
 * calls share, say); only this caller stops waiting for it.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      promise.catch(() => undefined);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => (signal.removeEventListener('abort', onAbort), resolve(value)),
      (error: unknown) => (signal.removeEventListener('abort', onAbort), reject(error)),
    );
  });
}

/**
 * A pause between polls that a pushed event can cut short: `wait(ms, signal)` resolves when the time
 * is up, the signal aborts (the caller's loop then reports the abort) or `wake()` is called.
 */
export function createWakeableDelay(): { wait(ms: number, signal?: AbortSignal): Promise<void>; wake(): void } {
  let wake: (() => void) | undefined;
  return {
    wait(ms, signal) {
      return new Promise<void>((resolve) => {
        const timer = setTimeout(finish, ms);
        signal?.addEventListener('abort', finish, { once: true });
        wake = finish;
        function finish() {
          clearTimeout(timer);
          signal?.removeEventListener('abort', finish);
          wake = undefined;
          resolve();
        }
      });
    },
    wake: () => wake?.(),
  };
}
