/** Said when a queued (async or bulk) write may have reached the server: it is never sent again. */
export const QUEUED_UNKNOWN =
  'It may have reached the server and been queued; it was not repeated (that would queue the work twice). ' +
  'Look for it with the bulk operation search (GET /V1/bulk, searchCriteria on start_time and user) before submitting again.';
