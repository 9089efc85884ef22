/**
 * What the fake's searches cost the database, counted as MySQL would do the work: each page runs a
 * COUNT over the filtered set (`getSize()` → total_count), reads and discards the rows its OFFSET
 * skips, then reads the rows it returns. Benches divide `rowsScanned` by the rows they wanted.
 */
export interface SearchCounts {
  /** Search requests answered. */
  requests: number;
  /** COUNT rows + OFFSET rows + rows returned, summed over the requests. */
  rowsScanned: number;
  /** Items returned, summed over the requests. */
  rowsReturned: number;
}

export interface SearchStats extends SearchCounts {
  /** The same counts for each search route key (`GET /V1/products`). */
  readonly byRoute: Map<string, SearchCounts>;
  /** Back to zero: after seeding or a warm-up, say. */
  reset(): void;
}

export interface SearchStatsRecorder {
  readonly stats: SearchStats;
  record(routeKey: string, scanned: number, returned: number): void;
}

const zero = (): SearchCounts => ({ requests: 0, rowsScanned: 0, rowsReturned: 0 });

export function createSearchStats(): SearchStatsRecorder {
  const stats: SearchStats = {
    ...zero(),
    byRoute: new Map(),
    reset() {
      Object.assign(stats, zero());
      stats.byRoute.clear();
    },
  };
  const add = (counts: SearchCounts, scanned: number, returned: number): void => {
    counts.requests += 1;
    counts.rowsScanned += scanned;
    counts.rowsReturned += returned;
  };
  return {
    stats,
    record(routeKey, scanned, returned) {
      add(stats, scanned, returned);
      let route = stats.byRoute.get(routeKey);
      if (!route) stats.byRoute.set(routeKey, (route = zero()));
      add(route, scanned, returned);
    },
  };
}
