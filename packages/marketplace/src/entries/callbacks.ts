// `@magekit/marketplace/callbacks`: the callback receiver on its own, for a server that only
// receives callbacks. The event validators (zod) load with the first delivery.
export { createCallbackHandler, type CallbackHandler, type CallbackHandlerOptions, type CallbackHandlers, type DeliveryContext } from '../callbacks/handler.ts';
export { createMemoryIdempotencyStore, deliveryKey, type ClaimResult, type IdempotencyStore, type MemoryIdempotencyStoreOptions } from '../callbacks/idempotency.ts';
export type { CallbackEvent, EqpStatusUpdate, EqpStatusUpdateEvent, MalwareScanComplete, MalwareScanCompleteEvent, UnknownCallbackEvent } from '../callbacks/events.ts';
