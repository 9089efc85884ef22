// `@magekit/commerce/modules`: one route table per module (`productsRoutes`, `ordersRoutes`, ...),
// each a separate constant so a bundler keeps only those an app names.
export * from '../generated/routes.ts';
