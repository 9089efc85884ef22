/**
 * The platform's sign-in throttle for token routes: failed attempts are counted per account, and
 * after `maxFailures` the account is locked for `lockMs` (defaults 6 and 30 minutes). A locked
 * account is refused even with the right password, with the same message as a wrong one, so the
 * answer does not reveal which accounts exist.
 */
export interface SignInThrottleOptions {
  maxFailures: number;
  lockMs: number;
  now(): number;
}

export function createSignInThrottle(options: SignInThrottleOptions) {
  const failures = new Map<string, { count: number; lockedUntil: number }>();
  return {
    isLocked(account: string): boolean {
      const entry = failures.get(account);
      if (!entry || entry.lockedUntil === 0) return false;
      if (entry.lockedUntil > options.now()) return true;
      failures.delete(account);
      return false;
    },
    recordFailure(account: string): void {
      const entry = failures.get(account) ?? { count: 0, lockedUntil: 0 };
      entry.count += 1;
      if (entry.count >= options.maxFailures) entry.lockedUntil = options.now() + options.lockMs;
      failures.set(account, entry);
    },
    recordSuccess(account: string): void {
      failures.delete(account);
    },
    failuresOf(account: string): number {
      return failures.get(account)?.count ?? 0;
    },
  };
}
