export * from './errors.ts';
export * from './redact.ts';
export * from './url.ts';
export * from './transport.ts';
export * from './single-flight.ts';
export * from './route-row.ts';
