/**
 * What a fake (either package's `testing` entry) has seen, for assertions on traffic. One shape for
 * both fakes, so a test reads the same names whichever service it fakes.
 */
export interface FakeStats {
  /** Every request the fake handled. */
  requests: number;
  /** Requests to the service's token routes (sign-ins, session tokens, IMS). */
  tokenRequests: number;
  /** `METHOD /path` of each request that matched nothing the fake knows. */
  unmatched: string[];
  /** Requests per route key (`GET /V1/products/{sku}`; commerce prefixes `async `/`bulk ` variants). */
  byRoute: Map<string, number>;
}

export function createFakeStats(): FakeStats {
  return { requests: 0, tokenRequests: 0, unmatched: [], byRoute: new Map() };
}
