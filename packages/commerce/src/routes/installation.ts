/**
 * Hooks for the types of one installation: its own REST routes and the extension attributes its
 * modules add. Both interfaces are empty here; the declaration file `magekit-commerce types pull`
 * writes (`magekit-env.d.ts`, committed with the app) merges into them:
 *
 *   declare module '@magekit/commerce' {
 *     interface InstallationRoutes { 'POST /V1/acme/claims/{sku}': { id: ...; input: ...; required: true; output: ...; list: false } }
 *     interface InstallationExtensions { 'catalog-data-product-extension-interface': { acme_warranty_months?: number } }
 *   }
 *
 * `Routes` extends InstallationRoutes (minus the keys the spec has), so the added routes are typed
 * everywhere a route key is (request, async.request, bulk.request, paginate); each
 * `*-extension-interface` schema is intersected with InstallationExtensions[its name], so products,
 * orders, customers and carts gain the installation's fields. The runtime half (the routes' encoding data) is registerRoutes().
 */

// Empty on purpose: declaration merging fills them in.
// eslint-disable-next-line @typescript-eslint/no-empty-interface, @typescript-eslint/no-empty-object-type
export interface InstallationRoutes {}

/**
 * Fields by extension interface name. The index signature makes every name `unknown` (no change)
 * until a declaration file adds it; the schemas index into it directly, which costs a checker
 * nothing (a conditional type per interface would be paid by every app that checks libraries).
 */
export interface InstallationExtensions {
  [definition: string]: unknown;
}

/** The fields an installation adds to extension interface `Name` (`unknown`, i.e. nothing, by default). */
export type InstallationExtension<Name extends string> = InstallationExtensions[Name];

/** The installation's search routes (`list: true`): paginate() takes them. A mapped type over its few routes only. */
export type InstallationListRouteKey = { [K in keyof InstallationRoutes & string]: InstallationRoutes[K] extends { list: true } ? K : never }[keyof InstallationRoutes & string];

/** The installation's writes (every route but GET): they have asynchronous variants too. */
export type InstallationWriteRouteKey = { [K in keyof InstallationRoutes & string]: K extends `GET ${string}` ? never : K }[keyof InstallationRoutes & string];

/** The installation's writes whose path parameters are whole segments: they have bulk variants. */
export type InstallationBulkRouteKey = { [K in InstallationWriteRouteKey]: K extends `${string}-{${string}` | `${string}}-${string}` ? never : K }[InstallationWriteRouteKey];
