// The marketplace callback handler as a Worker's fetch, made at module scope as a Worker is written.
import { createCallbackHandler } from '@magekit/marketplace';

export default { fetch: createCallbackHandler({ username: 'hook', password: 'hook-secret-1', on: { eqp_status_update: () => {} } }) };
