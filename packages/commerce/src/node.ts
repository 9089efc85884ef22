/**
 * `@magekit/commerce/node`: Node-only helpers, kept out of the main entry so it stays browser- and
 * edge-safe. `toNodeListener(createActivationHandler({...}))` serves the integration activation
 * receiver with node:http or Express.
 */
export { toNodeListener, toRequest, type FetchHandler } from '@magekit/core/node';
