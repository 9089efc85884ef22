/** Integration onboarding: the activation receiver and the OAuth 1.0a token exchange that follows it. */
export { createActivationHandler, type ActivationHandler, type ActivationHandlerOptions, type StorePolicy } from './handler.ts';
export { parseActivation, type IntegrationActivation, type ActivationParse } from './activation.ts';
export { exchangeIntegrationTokens, type IntegrationCredentials, type TokenExchangeOptions } from './token-exchange.ts';
