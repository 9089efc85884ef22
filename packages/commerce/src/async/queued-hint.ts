/** Said when a queued (async or bulk) write may have reached the server: it is never sent again. */
export const QUEUED_UNKNOWN =
  'The request may have reached the server, so it may have been queued: it was not sent again, because a second submission would queue the work twice. ' +
  'Find out with the bulk operation search (GET /V1/bulk with searchCriteria on start_time and user, or the CLI\'s bulk status) before submitting again.';
