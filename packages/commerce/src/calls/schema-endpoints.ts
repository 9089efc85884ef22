/**
 * The platform's own description of its API: `GET /rest/{store}/schema?services=a,b` and the async and
 * bulk variants, returned parsed. They live outside /V1 (and outside the spec), so they go through
 * `runtime.sendRaw` rather than the route table.
 */
import { InputError } from '@magekit/core';
import { runtimeOf, type CallOptions, type CommerceRuntime, type Variant } from './runtime.ts';
import type { RuntimeHolder } from './runtime.ts';

/** A Swagger 2.0 document as the platform returns it; only the top-level members are typed. */
export interface SwaggerDocument {
  swagger: string;
  info: { title?: string; version?: string; [key: string]: unknown };
  host?: string;
  basePath?: string;
  schemes?: string[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, unknown>>;
  definitions?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface SchemaCallOptions extends Pick<CallOptions, 'signal' | 'timeout' | 'totalTimeout' | 'retry' | 'headers'> {
  /** Store view whose schema to read. Default `all`, the platform's default for these endpoints (not the client's store). */
  storeCode?: string | undefined;
}

export interface SchemaRequest extends SchemaCallOptions {
  /**
   * Service names such as `catalogProductRepositoryV1`, or `'all'` for the complete schema. Without it
   * the platform answers with its overview of all services.
   */
  services?: readonly string[] | 'all' | undefined;
}

export interface SchemaEndpoints {
  /** `GET /rest/{store}/schema?services=...`: the synchronous REST API. Most of it needs an admin token. */
  get(request?: SchemaRequest): Promise<SwaggerDocument>;
  /** `GET /rest/{store}/async/schema`: the asynchronous endpoints. */
  async(options?: SchemaCallOptions): Promise<SwaggerDocument>;
  /** `GET /rest/{store}/async/bulk/schema`: the bulk endpoints. */
  bulk(options?: SchemaCallOptions): Promise<SwaggerDocument>;
}

const SERVICE_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

function servicesParam(services: SchemaRequest['services']): string | undefined {
  if (services === undefined || services === 'all') return services;
  if (!Array.isArray(services) || services.length === 0 || !services.every((s) => typeof s === 'string' && SERVICE_NAME.test(s))) {
    // The platform splits on commas and answers an unknown name with an empty document, so refuse early.
    throw new InputError(`schema services must be 'all' or a non-empty list of service names such as ["catalogProductRepositoryV1"], got ${JSON.stringify(services)}.`, { service: 'commerce' });
  }
  return services.join(',');
}

/** The schema documents for a client (full or lean): `schemaEndpoints(client).get()`. */
export function schemaEndpoints(client: RuntimeHolder): SchemaEndpoints {
  return attachSchemaEndpoints(runtimeOf(client));
}

export function attachSchemaEndpoints(runtime: CommerceRuntime): SchemaEndpoints {
  const fetchSchema = (variant: Variant, options: SchemaCallOptions | undefined, services?: string) => {
    const { storeCode = 'all', ...rest }: SchemaCallOptions = options ?? {};
    return runtime.sendRaw<SwaggerDocument>({
      method: 'GET',
      path: '/schema',
      variant,
      query: { services },
      options: { ...rest, storeCode },
      expect: 'json',
    });
  };
  return {
    // async, so a bad services list rejects like every other call instead of throwing synchronously.
    get: async (request = {}) => {
      const { services, ...options } = request;
      return fetchSchema('sync', options, servicesParam(services));
    },
    async: (options) => fetchSchema('async', options),
    bulk: (options) => fetchSchema('bulk', options),
  };
}
