/**
 * Exit codes, one vocabulary for both CLIs. The codes every command shares; each CLI adds its own
 * outcomes at 2-4 (commerce: failed, open, unsettled; marketplace: rejected, refused, pending) under
 * the same names in its usage text. Scripts gate on the numbers, which never change.
 */
export const EXIT_CODES = {
  /** The command did what was asked and the outcome is good. */
  ok: 0,
  /** A usage, configuration, connection or unexpected error. */
  error: 1,
  /** Ctrl-C (SIGINT): 128 + 2, as shells report it. */
  interrupted: 130,
} as const;
