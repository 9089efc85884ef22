/**
 * Carts and checkout, for a signed-in customer (`/V1/carts/mine…`) and a guest (`/V1/guest-carts/{cartId}…`,
 * the cart named by its masked id): create, read, items, totals, addresses, shipping and payment
 * methods, and placing the order. Ids the quote services return are answered uncast (strings).
 */
import { MESSAGES, PlatformError } from '../platform-errors.ts';
import { customerAddress, postalAddress, postalOf, quoteAddress, type PostalAddress } from '../records/address.ts';
import { cartRecord, cartTotals, itemsQty, newCart, shippingCharge, shippingMethods, type CartState } from '../records/cart.ts';
import { orderRecord } from '../records/order.ts';
import { rateFor } from '../records/tax.ts';
import type { Entity, FakeStore } from '../store.ts';
import type { HandlerContext, ModeledHandler } from '../modeled-routes.ts';
import { NULL_RESULT, noSuchEntity, numericId, objectField, required, uncastId } from './support.ts';

/** `%customer_id` comes from the token; a caller that is not a customer has no access to `self` routes. */
function customerOf({ caller }: HandlerContext): number {
  if (caller.customerId === undefined) throw new PlatformError(401, MESSAGES.notAuthorized, { resources: 'self' });
  return caller.customerId;
}

/** The customer's active cart, as `GET /V1/carts/mine` finds it (`getActiveForCustomer`: customerId = the customer). */
function activeCart(store: FakeStore, customerId: number): CartState {
  const cart = activeCartOf(store, customerId);
  if (!cart) throw noSuchEntity('customerId', customerId);
  return cart;
}

/**
 * The cart every other `mine` route works on: `%cart_id` is filled from the customer's active cart, and
 * is null when there is none, so the route's own lookup fails on cartId = null.
 */
function mineCart(store: FakeStore, customerId: number): CartState {
  const cart = activeCartOf(store, customerId);
  if (!cart) throw noSuchEntity('cartId', null);
  return cart;
}

function activeCartOf(store: FakeStore, customerId: number): CartState | undefined {
  for (const cart of store.carts.values()) if (cart.customerId === customerId && cart.isActive) return cart;
  return undefined;
}

/** A guest cart by masked id; one that resolves to no cart is looked up as cart id null. */
function guestCart(store: FakeStore, maskedId: unknown): CartState {
  const id = store.maskedCarts.get(String(maskedId));
  const cart = id === undefined ? undefined : store.carts.get(id);
  if (!cart) throw noSuchEntity('cartId', null);
  return cart;
}

/** A cart by quote id (admin routes). */
function cartById(store: FakeStore, value: unknown): CartState {
  const id = numericId(value, 'cartId');
  const cart = store.carts.get(id);
  if (!cart) throw noSuchEntity('cartId', id);
  return cart;
}

function createCart(store: FakeStore, at: string, customerId?: number): CartState {
  const cart = newCart(store.nextId('cart'), store.nextId('quoteAddress'), at);
  if (customerId !== undefined) cart.customerId = customerId;
  store.carts.set(cart.id, cart);
  return cart;
}

function maskedId(store: FakeStore): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const id = [...bytes].map((b) => (b % 62 < 10 ? String.fromCharCode(48 + (b % 62)) : b % 62 < 36 ? String.fromCharCode(55 + (b % 62)) : String.fromCharCode(61 + (b % 62)))).join('');
  return store.maskedCarts.has(id + id) ? maskedId(store) : (id + id).slice(0, 32);
}

/** The tax rate for the cart's address (the shipping one, else the billing one), when the installation taxes it. */
const rateOf = (store: FakeStore, cart: CartState) => rateFor(store.taxRates, cart.shipping?.address ?? cart.billing?.address);

/** The cart's totals, taxed as the installation taxes its address. */
const totalsOf = (store: FakeStore, cart: CartState) => cartTotals(cart, rateOf(store, cart));

function recordOf(store: FakeStore, cart: CartState): Entity {
  const customer = cart.customerId === undefined ? undefined : store.customers.get(cart.customerId);
  return cartRecord(cart, customer);
}

function addItem(store: FakeStore, cart: CartState, input: Record<string, unknown>, at: string): Entity {
  const item = objectField(input, 'cartItem');
  const sku = item['sku'];
  if (typeof sku !== 'string' || !sku) throw required('sku');
  const product = store.products.get(sku);
  if (!product) throw new PlatformError(404, MESSAGES.productMissing);
  const qty = Number(item['qty'] ?? 1);
  if (!(qty > 0)) throw required('qty');
  const existing = cart.items.find((line) => line.sku === sku);
  cart.updatedAt = at;
  if (existing) {
    existing.qty += qty;
    return { ...existing };
  }
  const option = item['product_option'] && typeof item['product_option'] === 'object' ? { product_option: item['product_option'] as Entity } : {};
  const line = { item_id: store.nextId('cartItem'), sku, qty, name: String(product['name'] ?? sku), price: Number(product['price'] ?? 0), product_type: String(product['type_id'] ?? 'simple'), quote_id: String(cart.id), ...option };
  cart.items.push(line);
  return { ...line };
}

function updateItem(cart: CartState, input: Record<string, unknown>, at: string): Entity {
  const itemId = numericId(input['itemId'], 'itemId');
  const line = cart.items.find((item) => item.item_id === itemId);
  if (!line) throw notInCart(cart, itemId);
  const qty = Number(objectField(input, 'cartItem')['qty'] ?? line.qty);
  if (!(qty > 0)) throw required('qty');
  line.qty = qty;
  cart.updatedAt = at;
  return { ...line };
}

const notInCart = (cart: CartState, itemId: number) => new PlatformError(404, "The %1 Cart doesn't contain the %2 item.", [cart.id, itemId]);

function removeItem(cart: CartState, input: Record<string, unknown>): true {
  const itemId = numericId(input['itemId'], 'itemId');
  const at = cart.items.findIndex((item) => item.item_id === itemId);
  if (at < 0) throw notInCart(cart, itemId);
  cart.items.splice(at, 1);
  return true;
}

/** An address as sent in a request body (quote address input: `region` a name beside `region_id` / `region_code`). */
function addressFrom(value: unknown, name: string): { address: PostalAddress; email: string | undefined } {
  if (!value || typeof value !== 'object') throw required(name);
  const given = value as Entity;
  // Rates are estimated, and shipping information saved, from the country alone (the corpus: a 200 for
  // `{ country_id: "PL" }`); the order's address validation is not modelled.
  if (!given['country_id']) throw required('country_id');
  const address = postalOf({ ...given, region: { region_code: given['region_code'] || null, region: given['region'] || null, region_id: Number(given['region_id'] ?? 0) } });
  return { address, email: typeof given['email'] === 'string' ? given['email'] : undefined };
}

function emailOf(store: FakeStore, cart: CartState, fallback?: string): string {
  const customer = cart.customerId === undefined ? undefined : store.customers.get(cart.customerId);
  const email = (customer?.['email'] as string | undefined) ?? cart.shipping?.email ?? cart.billing?.email ?? fallback;
  if (!email) throw required('email');
  return email;
}

function shippingInformation(store: FakeStore, cart: CartState, input: Record<string, unknown>, at: string): Entity {
  const info = objectField(input, 'addressInformation');
  if (cart.items.length === 0) throw new PlatformError(400, "The shipping method can't be set for an empty cart. Add an item to cart and try again.");
  const shipping = addressFrom(info['shipping_address'], 'shipping_address');
  const carrier = String(info['shipping_carrier_code'] ?? '');
  const method = String(info['shipping_method_code'] ?? '');
  if (!shippingMethods(1).some((m) => m['carrier_code'] === carrier && m['method_code'] === method)) {
    throw new PlatformError(400, 'Carrier with such method not found: %1, %2', [carrier, method]);
  }
  const email = shipping.email ?? emailOf(store, cart, undefined);
  cart.shipping = { address: shipping.address, email, method: { carrier_code: carrier, method_code: method } };
  if (info['billing_address']) {
    const billing = addressFrom(info['billing_address'], 'billing_address');
    cart.billing = { address: billing.address, email: billing.email ?? email };
  }
  cart.updatedAt = at;
  return { payment_methods: store.paymentMethods.map((m) => ({ ...m })), totals: totalsOf(store, cart) };
}

function setBilling(store: FakeStore, cart: CartState, input: Record<string, unknown>, at: string): string {
  const billing = addressFrom(input['address'], 'address');
  cart.billing = { address: billing.address, email: billing.email ?? emailOf(store, cart, 'guest@example.com') };
  cart.updatedAt = at;
  return uncastId(cart.billingAddressId);
}

/** Places the order (`PaymentInformationManagement::savePaymentInformationAndPlaceOrder`): the order id, uncast. */
function placeOrder(store: FakeStore, cart: CartState, input: Record<string, unknown>, at: string): string {
  if (!cart.isActive) throw noSuchEntity('cartId', cart.id);
  const payment = input['paymentMethod'] as Entity | undefined;
  if (payment && !store.paymentMethods.some((m) => m['code'] === payment['method'])) throw new PlatformError(400, 'The requested Payment Method is not available.');
  if (input['billingAddress']) {
    const billing = addressFrom(input['billingAddress'], 'billingAddress');
    cart.billing = { address: billing.address, email: billing.email ?? (typeof input['email'] === 'string' ? input['email'] : emailOf(store, cart, undefined)) };
  }
  if (!cart.shipping || cart.items.length === 0) throw new PlatformError(400, 'The shipping method is missing. Select the shipping method and try again.');
  const email = typeof input['email'] === 'string' && input['email'] ? input['email'] : emailOf(store, cart, undefined);
  const customer = cart.customerId === undefined ? undefined : store.customers.get(cart.customerId);
  const id = store.nextId('order');
  const order = orderRecord({
    id,
    incrementId: String(id).padStart(9, '0'),
    email,
    ...(customer ? { customer: { id: customer['id'] as number, firstname: String(customer['firstname']), lastname: String(customer['lastname']), groupId: customer['group_id'] as number } } : {}),
    // The tax rate for the cart's address, and the cart's coupon (its rule applied to the items, the code kept).
    ...(rateOf(store, cart) ? { tax: rateOf(store, cart)! } : {}),
    // The cart's coupon: its rule applied to the items, the code kept on the order.
    ...(cart.coupon ? { coupon: { code: cart.coupon.code, percent: cart.coupon.percent }, appliedRuleIds: String(store.coupons.get(cart.coupon.code)?.ruleId ?? '') } : {}),
    address: cart.billing?.address ?? cart.shipping.address,
    lines: cart.items.map((line) => ({ itemId: store.nextId('orderItem'), productId: Number(store.products.get(line.sku)?.['id'] ?? 0), sku: line.sku, name: line.name, price: line.price, qty: line.qty, quoteItemId: line.item_id })),
    shipping: shippingCharge(cart),
    quoteId: cart.id,
    createdAt: at,
    addressIds: [store.nextId('orderAddress'), store.nextId('orderAddress')],
    paymentId: store.nextId('payment'),
  });
  // The shipping address may differ from the billing one: the assignment carries the shipping copy.
  const assignment = ((order['extension_attributes'] as Entity)['shipping_assignments'] as Entity[])[0]!;
  const shippingAddress = (assignment['shipping'] as Entity)['address'] as Entity;
  Object.assign(shippingAddress, { ...postalFields(cart.shipping.address) });
  store.orders.set(id, order);
  cart.isActive = false;
  cart.orderId = id;
  cart.updatedAt = at;
  return uncastId(id);
}

function postalFields(address: PostalAddress): Entity {
  return { city: address.city, country_id: address.country_id, firstname: address.firstname, lastname: address.lastname, postcode: address.postcode, region: address.region.region, region_code: address.region.region_code, region_id: address.region.region_id, street: address.street, telephone: address.telephone };
}

function billingOf(store: FakeStore, cart: CartState): Entity {
  return quoteAddress(cart.billingAddressId, cart.billing?.email ?? (cart.customerId === undefined ? null : emailOf(store, cart, undefined)), cart.billing?.address, undefined, cart.customerId);
}


/**
 * `CouponManagement::set`: the cart must hold products (404 `The "%1" Cart doesn't contain products.`)
 * and the code must be a rule's coupon (404 `The coupon code isn't valid. Verify the code and try again.`).
 */
function setCoupon(store: FakeStore, cart: CartState, input: Record<string, unknown>, at: string): true {
  if (cart.items.length === 0) throw new PlatformError(404, 'The "%1" Cart doesn\'t contain products.', [cart.id]);
  const code = String(input['couponCode'] ?? '');
  const coupon = store.coupons.get(code);
  if (!coupon) throw new PlatformError(404, "The coupon code isn't valid. Verify the code and try again.");
  cart.coupon = { code, percent: coupon.percent };
  cart.updatedAt = at;
  return true;
}

/** `CouponManagement::remove`: true, the cart without its coupon (a cart without products is refused as by `set`). */
function removeCoupon(cart: CartState, at: string): true {
  if (cart.items.length === 0) throw new PlatformError(404, 'The "%1" Cart doesn\'t contain products.', [cart.id]);
  delete cart.coupon;
  cart.updatedAt = at;
  return true;
}

/** `CouponManagement::get`: the applied code, or null (answered `[]`) when none is. */
const couponOf = (cart: CartState) => cart.coupon?.code ?? NULL_RESULT;
const codesOf = (cart: CartState) => (cart.coupon ? [cart.coupon.code] : []);

/**
 * `CartTotalManagement::collectTotals`: the payment method (one the cart offers) and, for a cart with a
 * shipping address, the shipping method are set, and the totals answered.
 */
function collectTotals(store: FakeStore, cart: CartState, input: Record<string, unknown>, at: string): Entity {
  const payment = objectField(input, 'paymentMethod');
  if (!store.paymentMethods.some((m) => m['code'] === payment['method'])) throw new PlatformError(400, 'The requested Payment Method is not available.');
  const carrier = input['shippingCarrierCode'];
  const method = input['shippingMethodCode'];
  if (cart.shipping && typeof carrier === 'string' && typeof method === 'string') {
    if (!shippingMethods(1).some((m) => m['carrier_code'] === carrier && m['method_code'] === method)) throw new PlatformError(400, 'Carrier with such method not found: %1, %2', [carrier, method]);
    cart.shipping.method = { carrier_code: carrier, method_code: method };
  }
  cart.updatedAt = at;
  // Totals collected in this request carry the base subtotal with tax the tax collector just set on the
  // address (nullable, so absent from totals read back later: vsf-carts-mine-collect-totals against the rest).
  const totals = totalsOf(store, cart);
  return { ...totals, base_subtotal_incl_tax: totals['subtotal_incl_tax'] };
}

/** Routes for one way of naming a cart: the customer's active cart, or a guest cart by masked id. */
function cartRoutes(prefix: string, find: (input: Record<string, unknown>, context: HandlerContext) => CartState): Record<string, ModeledHandler> {
  return {
    [`GET ${prefix}`]: (input, context) => recordOf(context.store, find(input, context)),
    [`GET ${prefix}/items`]: (input, context) => find(input, context).items.map((line) => ({ ...line })),
    [`POST ${prefix}/items`]: (input, context) => addItem(context.store, find(input, context), input, context.at()),
    [`PUT ${prefix}/items/{itemId}`]: (input, context) => updateItem(find(input, context), input, context.at()),
    [`DELETE ${prefix}/items/{itemId}`]: (input, context) => removeItem(find(input, context), input),
    [`GET ${prefix}/totals`]: (input, context) => totalsOf(context.store, find(input, context)),
    [`GET ${prefix}/billing-address`]: (input, context) => billingOf(context.store, find(input, context)),
    [`POST ${prefix}/billing-address`]: (input, context) => setBilling(context.store, find(input, context), input, context.at()),
    [`GET ${prefix}/payment-methods`]: (input, context) => (find(input, context), context.store.paymentMethods.map((m) => ({ ...m }))),
    [`GET ${prefix}/shipping-methods`]: (input, context) => {
      const cart = find(input, context);
      return cart.shipping ? shippingMethods(itemsQty(cart)) : [];
    },
    [`POST ${prefix}/estimate-shipping-methods`]: (input, context) => {
      const cart = find(input, context);
      addressFrom(input['address'], 'address');
      return shippingMethods(itemsQty(cart));
    },
    [`POST ${prefix}/shipping-information`]: (input, context) => shippingInformation(context.store, find(input, context), input, context.at()),
    [`POST ${prefix}/payment-information`]: (input, context) => placeOrder(context.store, find(input, context), input, context.at()),
    // The applied coupon code; a cart without one: the method returns null, answered as `[]`.
    [`GET ${prefix}/coupons`]: (input, context) => couponOf(find(input, context)),
    [`PUT ${prefix}/coupons/{couponCode}`]: (input, context) => setCoupon(context.store, find(input, context), input, context.at()),
    [`DELETE ${prefix}/coupons`]: (input, context) => removeCoupon(find(input, context), context.at()),
    [`PUT ${prefix}/collect-totals`]: (input, context) => collectTotals(context.store, find(input, context), input, context.at()),
  };
}

export const cartHandlers: Record<string, ModeledHandler> = {
  // Creating the customer's cart answers the active one when there is one (2.4 `createEmptyCartForCustomer`).
  'POST /V1/carts/mine': (_, context) => {
    const customerId = customerOf(context);
    const active = activeCartOf(context.store, customerId);
    return uncastId((active ?? createCart(context.store, context.at(), customerId)).id);
  },
  'PUT /V1/carts/mine/order': (input, context) => placeOrder(context.store, mineCart(context.store, customerOf(context)), input, context.at()),
  ...cartRoutes('/V1/carts/mine', (_, context) => mineCart(context.store, customerOf(context))),
  'GET /V1/carts/mine': (_, context) => recordOf(context.store, activeCart(context.store, customerOf(context))),

  'POST /V1/guest-carts': (_, context) => {
    const cart = createCart(context.store, context.at());
    const masked = maskedId(context.store);
    cart.maskedId = masked;
    context.store.maskedCarts.set(masked, cart.id);
    return masked;
  },
  'PUT /V1/guest-carts/{cartId}/order': (input, context) => placeOrder(context.store, guestCart(context.store, input['cartId']), input, context.at()),
  ...cartRoutes('/V1/guest-carts/{cartId}', (input, context) => guestCart(context.store, input['cartId'])),

  // An empty cart made by an admin or integration: its id, uncast.
  'POST /V1/carts/': (_, context) => uncastId(createCart(context.store, context.at()).id),
  'GET /V1/carts/{cartId}': (input, { store }) => recordOf(store, cartById(store, input['cartId'])),
  'GET /V1/carts/{cartId}/coupons': (input, { store }) => couponOf(cartById(store, input['cartId'])),
  'PUT /V1/carts/{cartId}/coupons/{couponCode}': (input, { store, at }) => setCoupon(store, cartById(store, input['cartId']), input, at()),
  'DELETE /V1/carts/{cartId}/coupons': (input, { store, at }) => removeCoupon(cartById(store, input['cartId']), at()),
  // `CartItemRepository::save`: the cart is the item's `quote_id`, the path's when the body names none.
  'POST /V1/carts/{quoteId}/items': (input, { store, at }) => {
    const item = objectField(input, 'cartItem');
    return addItem(store, cartById(store, item['quote_id'] ?? input['quoteId']), input, at());
  },
  // The codes applied to the cart (2.4.7's multiple coupons): the one the cart holds, as a list.
  'GET /V2/carts/{cartId}/coupons': (input, { store }) => codesOf(cartById(store, input['cartId'])),
  'GET /V2/carts/mine/coupons': (_, context) => codesOf(mineCart(context.store, customerOf(context))),
  'GET /V1/carts/{cartId}/items': (input, { store }) => cartById(store, input['cartId']).items.map((line) => ({ ...line })),
  'GET /V1/carts/{cartId}/totals': (input, { store }) => totalsOf(store, cartById(store, input['cartId'])),
  'POST /V1/customers/{customerId}/carts': (input, context) => {
    const customerId = numericId(input['customerId'], 'customerId');
    if (!context.store.customers.has(customerId)) throw noSuchEntity('customerId', customerId);
    for (const cart of context.store.carts.values()) if (cart.customerId === customerId && cart.isActive) return uncastId(cart.id);
    return uncastId(createCart(context.store, context.at(), customerId).id);
  },
};

/** A customer signed in through the fake's auth gets an address book entry made from their email, when the store has no record of them. */
export function accountFor(id: number, email: string): Entity {
  const local = email.split('@')[0] ?? 'customer';
  const firstname = local.charAt(0).toUpperCase() + local.slice(1);
  return { id, email, firstname, lastname: 'Customer', addresses: [customerAddress(id, id, postalAddress(id, firstname, 'Customer'), true)] };
}
