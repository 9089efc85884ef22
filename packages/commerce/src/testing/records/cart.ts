/**
 * Carts (quotes) as the quote routes write them: `GET /V1/carts/mine` (the cart with its items, its
 * customer, an empty billing address whose non-nullable fields are null, and its currency), a cart
 * item (`quote_id` a string, as the interface declares), and the totals (`weee_tax_applied_amount`
 * null, each item's `options` the JSON text "[]").
 */
import type { Entity } from '../store.ts';
import { quoteAddress, type PostalAddress } from './address.ts';
import { STAMP } from './stamp.ts';
import { money, taxOn, type TaxRate } from './tax.ts';

interface CartLine {
  item_id: number;
  sku: string;
  qty: number;
  name: string;
  price: number;
  product_type: string;
  quote_id: string;
  /** The options the item was added with (a configurable's attributes, a bundle's selections, downloadable links). */
  product_option?: Entity;
}

/** What the fake keeps of a cart: the record's state; the answers are built from it. */
export interface CartState {
  id: number;
  /** The guest cart's masked id (32 characters), for carts created by a guest. */
  maskedId?: string;
  /** The customer's id, for a customer's cart. */
  customerId?: number;
  isActive: boolean;
  items: CartLine[];
  billingAddressId: number;
  billing?: { address: PostalAddress; email: string };
  shipping?: { address: PostalAddress; email: string; method: ShippingMethodCode };
  createdAt: string;
  updatedAt: string;
  /** The order placed from it. */
  orderId?: number;
  /** The applied coupon and the percentage its rule takes off the subtotal. */
  coupon?: { code: string; percent: number };
}

interface ShippingMethodCode {
  carrier_code: string;
  method_code: string;
}

/** The carrier rates the fake offers: the default installation's flat rate ($5 per item) and free shipping. */
export function shippingMethods(itemsQty: number): Entity[] {
  const flat = 5 * itemsQty;
  return [
    { carrier_code: 'flatrate', method_code: 'flatrate', carrier_title: 'Flat Rate', method_title: 'Fixed', amount: flat, base_amount: flat, available: true, error_message: '', price_excl_tax: flat, price_incl_tax: flat },
    { carrier_code: 'freeshipping', method_code: 'freeshipping', carrier_title: 'Free Shipping', method_title: 'Free', amount: 0, base_amount: 0, available: true, error_message: '', price_excl_tax: 0, price_incl_tax: 0 },
  ];
}

/** The payment methods a default installation enables (a store may enable more: `store.paymentMethods`). */
export const PAYMENT_METHODS: Entity[] = [
  { code: 'checkmo', title: 'Check / Money order' },
  { code: 'free', title: 'No Payment Information Required' },
];

export function shippingCharge(cart: CartState): number {
  if (!cart.shipping) return 0;
  return cart.shipping.method.carrier_code === 'flatrate' ? 5 * itemsQty(cart) : 0;
}

export function itemsQty(cart: CartState): number {
  return cart.items.reduce((sum, item) => sum + item.qty, 0);
}

/** The cart record (quote-data-cart-interface); `customer` is the account, or the guest's empty one (nulls). */
export function cartRecord(cart: CartState, customer: Entity | undefined): Entity {
  const record: Entity = {
    id: cart.id,
    created_at: cart.createdAt,
    updated_at: cart.updatedAt,
    is_active: cart.isActive,
    is_virtual: false,
    items: cart.items.map((item) => ({ ...item })),
    items_count: cart.items.length,
    items_qty: itemsQty(cart),
    customer: customer ?? { email: null, firstname: null, lastname: null },
    billing_address: quoteAddress(cart.billingAddressId, cart.billing?.email ?? (customer ? (customer['email'] as string) : null), cart.billing?.address, undefined, cart.customerId),
    orig_order_id: 0,
    currency: { global_currency_code: 'USD', base_currency_code: 'USD', store_currency_code: 'USD', quote_currency_code: 'USD', store_to_base_rate: 0, store_to_quote_rate: 0, base_to_global_rate: 1, base_to_quote_rate: 1 },
    customer_is_guest: customer === undefined,
    customer_note_notify: true,
    customer_tax_class_id: 3,
    store_id: 1,
    extension_attributes: { shipping_assignments: [] },
  };
  return record;
}

/**
 * The cart's totals (quote-data-totals-interface), taxed at the rate for its address when there is one:
 * each row's tax on the row after its discount, prices with tax, and the tax segment's details (the rate's
 * percent a string, as the tax calculation keeps it).
 */
export function cartTotals(cart: CartState, rate?: TaxRate): Entity {
  const subtotal = cart.items.reduce((sum, item) => sum + item.price * item.qty, 0);
  const shipping = shippingCharge(cart);
  // A coupon's rule takes its percentage off each row (rounded per row, as the discount collector does).
  const rowDiscount = (row: number) => (cart.coupon ? -Math.round(row * cart.coupon.percent) / 100 : 0);
  const discount = cart.items.reduce((sum, item) => sum + rowDiscount(item.price * item.qty), 0);
  const rowTax = (row: number) => taxOn(row + rowDiscount(row), rate);
  const tax = money(cart.items.reduce((sum, item) => sum + rowTax(item.price * item.qty), 0));
  const withTax = (amount: number) => money(amount + taxOn(amount, rate));
  const grand = money(subtotal + discount + shipping + tax);
  const segments: Entity[] = [
    { code: 'subtotal', title: 'Subtotal', value: subtotal },
    ...(cart.coupon ? [{ code: 'discount', title: `Discount (${cart.coupon.code})`, value: discount }] : []),
    // No shipping method chosen yet: the shipping segment is there, its value unset (vsf-carts-mine-totals).
    ...(cart.shipping ? [] : [{ code: 'shipping', title: 'Shipping & Handling', value: null }]),
    ...(cart.shipping ? [{ code: 'shipping', title: `Shipping & Handling (${cart.shipping.method.carrier_code === 'flatrate' ? 'Flat Rate - Fixed' : 'Free Shipping - Free'})`, value: shipping }] : []),
    tax && rate
      ? { code: 'tax', title: 'Tax', value: tax, area: 'taxes', extension_attributes: { tax_grandtotal_details: [{ amount: tax, rates: [{ percent: String(rate.percent), title: rate.code }], group_id: 1 }] } }
      : { code: 'tax', title: 'Tax', value: 0, extension_attributes: { tax_grandtotal_details: [] } },
    { code: 'grand_total', title: 'Grand Total', value: grand, area: 'footer' },
  ];
  return {
    grand_total: grand,
    base_grand_total: grand,
    subtotal,
    base_subtotal: subtotal,
    discount_amount: discount,
    base_discount_amount: discount,
    subtotal_with_discount: subtotal + discount,
    base_subtotal_with_discount: subtotal + discount,
    shipping_amount: shipping,
    base_shipping_amount: shipping,
    shipping_discount_amount: 0,
    base_shipping_discount_amount: 0,
    tax_amount: tax,
    base_tax_amount: tax,
    weee_tax_applied_amount: null,
    shipping_tax_amount: 0,
    base_shipping_tax_amount: 0,
    subtotal_incl_tax: money(cart.items.reduce((sum, item) => sum + withTax(item.price * item.qty), 0)),
    shipping_incl_tax: shipping,
    base_shipping_incl_tax: shipping,
    ...(cart.coupon ? { coupon_code: cart.coupon.code } : {}),
    base_currency_code: 'USD',
    quote_currency_code: 'USD',
    items_qty: itemsQty(cart),
    items: cart.items.map((item) => {
      const row = item.price * item.qty;
      return {
        item_id: item.item_id,
        price: item.price,
        base_price: item.price,
        qty: item.qty,
        row_total: row,
        base_row_total: row,
        row_total_with_discount: 0,
        tax_amount: rowTax(row),
        base_tax_amount: rowTax(row),
        tax_percent: rate && rowTax(row) ? rate.percent : 0,
        discount_amount: -rowDiscount(row),
        base_discount_amount: -rowDiscount(row),
        discount_percent: cart.coupon?.percent ?? 0,
        price_incl_tax: withTax(item.price),
        base_price_incl_tax: withTax(item.price),
        row_total_incl_tax: withTax(row),
        base_row_total_incl_tax: withTax(row),
        options: '[]',
        weee_tax_applied_amount: null,
        weee_tax_applied: null,
        name: item.name,
      };
    }),
    total_segments: segments,
  };
}

export function newCart(id: number, billingAddressId: number, at: string = STAMP): CartState {
  return { id, isActive: true, items: [], billingAddressId, createdAt: at, updatedAt: at };
}
