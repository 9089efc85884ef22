/**
 * The options every call takes. They sit below the runtime and the fields types, which both name
 * them, so that imports between the layers only run downward.
 */
import type { CallTransportOptions } from '@magekit/core';

export interface CallOptions extends CallTransportOptions {
  /** Store view code for this call (overrides the client's). */
  storeCode?: string | undefined;
  /** Send even when a path id and the body's id differ (the platform then modifies the body's record). */
  allowIdMismatch?: boolean | undefined;
}
