/** MSW handlers that route every request for the fake's environment to it. */
import { http } from 'msw';
import type { FakeMarketplace } from './fake.ts';

export function marketplaceHandlers(fake: FakeMarketplace, baseUrl: string = fake.baseUrl) {
  return [http.all(`${baseUrl}/rest/v1/*`, ({ request }) => fake.handle(request))];
}
