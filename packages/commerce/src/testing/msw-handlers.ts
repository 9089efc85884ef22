/** The fake as MSW request handlers: `server.use(...commerceHandlers(fake))`. */
import { http } from 'msw';
import type { FakeCommerce } from './fake-commerce.ts';

/** `baseUrl` limits the handlers to one origin (default: any origin, any path under /rest/). */
export function commerceHandlers(fake: FakeCommerce, options: { baseUrl?: string } = {}) {
  const origin = options.baseUrl ? options.baseUrl.replace(/\/+$/, '') : '*';
  return [http.all(`${origin}/rest/*`, ({ request }) => fake.handle(request)), http.all(`${origin}/index.php/rest/*`, ({ request }) => fake.handle(request))];
}
