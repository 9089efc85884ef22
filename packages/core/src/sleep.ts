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
