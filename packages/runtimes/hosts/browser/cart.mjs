// What a storefront page ships: the lean client with the cart routes only, a guest cart and a signed-in
// customer's cart against the platform (here the fake, cross-origin, behind CORS). globalThis.runCarts.
import { AuthError, createLeanClient, customerToken, isCommerceError, none } from '@magekit/commerce/lean';
import { cartsRoutes, guestCartsRoutes } from '@magekit/commerce/modules';

globalThis.runCarts = async (baseUrl, customer) => {
  const routes = [cartsRoutes, guestCartsRoutes];
  const guest = createLeanClient({ baseUrl, auth: none(), routes });
  const cartId = await guest.request('POST /V1/guest-carts', {});
  const guestItem = await guest.request('POST /V1/guest-carts/{cartId}/items', { cartId, cartItem: { sku: 'SKU-0001', qty: 1, quote_id: cartId } });
  const guestTotals = await guest.request('GET /V1/guest-carts/{cartId}/totals', { cartId });
  let guestRefused;
  try {
    await guest.request('GET /V1/carts/mine', {});
  } catch (error) {
    guestRefused = { branded: isCommerceError(error), auth: error instanceof AuthError, status: error.status };
  }

  const shopper = createLeanClient({ baseUrl, auth: customerToken(customer), routes });
  const quoteId = await shopper.request('POST /V1/carts/mine', {});
  const item = await shopper.request('POST /V1/carts/mine/items', { cartItem: { sku: 'SKU-0002', qty: 2, quote_id: String(quoteId) } });
  const cart = await shopper.request('GET /V1/carts/mine', {});
  return {
    guest: { cartId: typeof cartId, item: typeof guestItem.item_id, totals: typeof guestTotals.grand_total, refusedMine: guestRefused },
    customer: { quoteId: typeof quoteId, item: typeof item.item_id, cart: typeof cart.id },
  };
};
