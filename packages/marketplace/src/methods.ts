/**
 * The call signatures of `request` and the named methods. Routes with a `{mage_id}` take it from
 * the session, so it is optional; batch and multipart routes get their hand-written wrappers'
 * signatures (BatchResult, file sources) instead of the raw route's.
 */
import type { BatchResult } from './batch.ts';
import type { CallOptions } from './runtime.ts';
import type { UploadSource } from './files.ts';
import type { RouteKey, Routes } from './generated/operations.ts';
import type { M2Key, M2KeyInput, PackageBatchItem, PackageInput, PackageSort, PackageUpdate, Session, UploadResult, UserProfile, UserSummary } from './types.ts';

export type { RouteKey, Routes };

type MageIdFromSession<I> = 'mage_id' extends keyof I ? Omit<I, 'mage_id'> & { mage_id?: string } : I;
type TypedSort<I> = 'sort' extends keyof I ? Omit<I, 'sort'> & { sort?: PackageSort | readonly PackageSort[] } : I;

export type RouteInput<K extends RouteKey> = TypedSort<MageIdFromSession<Routes[K]['input']>>;
/** PUT one package may answer 200 with an empty body (the docs say the status code tells success). */
export type RouteOutput<K extends RouteKey> = K extends 'PUT /products/packages/{submission_id}' ? Routes[K]['output'] | undefined : Routes[K]['output'];

export type RouteArgs<K extends RouteKey> = {} extends RouteInput<K>
  ? [input?: RouteInput<K>, options?: CallOptions]
  : [input: RouteInput<K>, options?: CallOptions];

export type RawRouteMethod<K extends RouteKey> = (...args: RouteArgs<K>) => Promise<RouteOutput<K>>;

/** `users.get()` is the full profile; `users.get({ style: 'summary' })` the summary. */
export interface UsersGetMethod {
  (input: { style: 'summary'; mage_id?: string }, options?: CallOptions): Promise<UserSummary>;
  (input?: { mage_id?: string }, options?: CallOptions): Promise<UserProfile>;
}

export type M2KeyCreated = M2Key & { code: number; message: string };

/** The named method of each route: the raw call, or the wrapper where one exists. */
export type RouteMethod<K extends RouteKey> = K extends 'POST /products/packages'
  ? (packages: readonly PackageInput[], options?: CallOptions) => Promise<BatchResult<PackageInput, PackageBatchItem>>
  : K extends 'PUT /products/packages'
    ? (packages: readonly PackageUpdate[], options?: CallOptions) => Promise<BatchResult<PackageUpdate, PackageBatchItem>>
    : K extends 'POST /users/{mage_id}/keys'
      ? (keys: readonly M2KeyInput[], options?: CallOptions & { mage_id?: string }) => Promise<BatchResult<M2KeyInput, M2KeyCreated>>
      : K extends 'POST /files/uploads'
        ? (files: readonly UploadSource[], options?: CallOptions) => Promise<UploadResult[]>
        : K extends 'GET /users/{mage_id}'
          ? UsersGetMethod
          : K extends 'POST /app/session/token'
            ? (options?: CallOptions) => Promise<Session>
            : RawRouteMethod<K>;

/** Routes paginated with offset/limit and X-Total-Count. */
export type PaginatedRouteKey = {
  [K in RouteKey]: Routes[K]['input'] extends { offset?: number; limit?: number } ? (Routes[K]['output'] extends readonly unknown[] ? K : never) : never;
}[RouteKey];

export type PageItem<K extends RouteKey> = RouteOutput<K> extends readonly (infer T)[] ? T : never;
