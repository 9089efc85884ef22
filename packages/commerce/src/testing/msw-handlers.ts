/** The fake as MSW request handlers: `server.use(...commerceHandlers(fake))`. */
import { http } from 'msw';
import type { FakeCommerce } from './fake-commerce.ts';

/** `baseUrl` limits the handlers to one origin (default: any origin, any path under /rest/). */
export function commerceHandlers(fake: FakeCommerce, options: { baseUrl?: string } = {}) {
  const origin = options.baseUrl ? options.baseUrl.replace(/\/+$/, '') : '*';
  const handle = ({ request }: { request: Request }) => fake.handle(request);
  const cloud = fake.cloudService ? [http.all(`${origin}/${fake.cloudService.tenantId}/*`, handle), http.all(`${origin}/ims/*`, handle)] : [];
  // /oauth/token/* is the integration token exchange (it lives outside /rest).
  return [http.all(`${origin}/rest/*`, handle), http.all(`${origin}/index.php/rest/*`, handle), http.all(`${origin}/oauth/*`, handle), ...cloud];
}
