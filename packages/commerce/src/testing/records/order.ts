/**
 * Orders as `GET /V1/orders/{id}` writes them on a 2.4 installation: the order's amounts in base and
 * order currency, its line items, the billing address, the payment, the status history, and the
 * extension attributes the sales, tax and payment modules add (`shipping_assignments` with the shipping
 * address, method and totals; `payment_additional_info`; `applied_taxes`, `item_applied_taxes`).
 * Nullable getters are left out when unset; the payment's `account_status` and `cc_last4` are not
 * nullable and are written as null for an offline method.
 */
import type { Entity } from '../store.ts';
import { orderAddress, type PostalAddress } from './address.ts';
import { STAMP } from './stamp.ts';
import { appliedTax, money, taxOn, type TaxRate } from './tax.ts';

interface OrderLine {
  itemId: number;
  productId: number;
  sku: string;
  name: string;
  price: number;
  qty: number;
  quoteItemId?: number;
  /**
   * A configurable product's line: the parent item (type configurable, carrying the chosen options) and,
   * after it, the child simple item (`parent_item_id`, and the parent copied whole as `parent_item`).
   */
  configurable?: { childItemId: number; childProductId: number; parentName: string; options: { option_id: string; option_value: number }[] };
}

export interface OrderInput {
  id: number;
  incrementId: string;
  email: string;
  /** The customer who placed it; a guest order has none. */
  customer?: { id: number; firstname: string; lastname: string; groupId?: number; dob?: string; gender?: number; addressId?: number };
  /** Cart price rules that applied to the items (`"2,3"`). */
  appliedRuleIds?: string;
  /** The coupon the cart carried: its code (also the discount's description) and the percentage its rule took off each row. */
  coupon?: { code: string; percent: number };
  /** The tax rate the order's address was taxed at. */
  tax?: TaxRate;
  address: PostalAddress;
  lines: OrderLine[];
  /** Shipping charged (flat rate), 0 for free shipping. */
  shipping: number;
  quoteId: number;
  createdAt?: string;
  updatedAt?: string;
  /** Address entity ids: billing, then shipping. */
  addressIds: [number, number];
  paymentId: number;
}


function orderItem(orderId: number, line: OrderLine, at: string, appliedRuleIds: string | undefined, percent = 0, rate?: TaxRate): Entity {
  const row = money(line.price * line.qty);
  // An item's discount is positive (the order's is negative): the rule's percentage of the row.
  const discount = money((row * percent) / 100);
  const tax = taxOn(row - discount, rate);
  const withTax = (amount: number) => money(amount + taxOn(amount, rate));
  return {
    amount_refunded: 0,
    ...(appliedRuleIds === undefined ? {} : { applied_rule_ids: appliedRuleIds }),
    base_amount_refunded: 0,
    base_discount_amount: discount,
    base_discount_invoiced: 0,
    base_discount_tax_compensation_amount: 0,
    base_original_price: line.price,
    base_price: line.price,
    base_price_incl_tax: withTax(line.price),
    base_row_invoiced: 0,
    base_row_total: row,
    base_row_total_incl_tax: withTax(row),
    base_tax_amount: tax,
    base_tax_invoiced: 0,
    created_at: at,
    discount_amount: discount,
    discount_invoiced: 0,
    discount_percent: percent,
    free_shipping: 0,
    discount_tax_compensation_amount: 0,
    is_qty_decimal: 0,
    is_virtual: 0,
    item_id: line.itemId,
    name: line.name,
    no_discount: 0,
    order_id: orderId,
    original_price: line.price,
    price: line.price,
    price_incl_tax: withTax(line.price),
    product_id: line.productId,
    product_type: line.configurable ? 'configurable' : 'simple',
    qty_canceled: 0,
    qty_invoiced: 0,
    qty_ordered: line.qty,
    qty_refunded: 0,
    qty_shipped: 0,
    quote_item_id: line.quoteItemId ?? line.itemId,
    row_invoiced: 0,
    row_total: row,
    row_total_incl_tax: withTax(row),
    row_weight: line.qty,
    sku: line.sku,
    store_id: 1,
    tax_amount: tax,
    tax_invoiced: 0,
    tax_percent: tax ? rate!.percent : 0,
    updated_at: at,
    weight: 1,
    ...(line.configurable ? { product_option: { extension_attributes: { configurable_item_options: line.configurable.options } } } : {}),
  };
}

/** A line's items: one for a simple product; the parent, then the child, for a configurable one. */
function lineItems(orderId: number, line: OrderLine, at: string, appliedRuleIds: string | undefined, percent = 0, rate?: TaxRate): Entity[] {
  const item = orderItem(orderId, line, at, appliedRuleIds, percent, rate);
  if (!line.configurable) return [item];
  const parent = { ...item, name: line.configurable.parentName };
  const { configurable: _parent, ...simple } = line;
  void _parent;
  const { applied_rule_ids: _rules, product_option: _option, ...plain } = orderItem(orderId, { ...simple, itemId: line.configurable.childItemId, productId: line.configurable.childProductId, price: 0 }, at, undefined);
  void _rules;
  void _option;
  const child = { ...plain, base_original_price: line.price, original_price: line.price, parent_item_id: line.itemId, parent_item: parent };
  return [parent, child];
}

function shippingTotal(shipping: number): Entity {
  return {
    base_shipping_amount: shipping,
    base_shipping_discount_amount: 0,
    base_shipping_discount_tax_compensation_amnt: 0,
    base_shipping_incl_tax: shipping,
    base_shipping_tax_amount: 0,
    shipping_amount: shipping,
    shipping_discount_amount: 0,
    shipping_discount_tax_compensation_amount: 0,
    shipping_incl_tax: shipping,
    shipping_tax_amount: 0,
  };
}

/** A placed order, state `new` / status `pending`, paid by check / money order. */
export function orderRecord(input: OrderInput): Entity {
  const created = input.createdAt ?? STAMP;
  const updated = input.updatedAt ?? created;
  const percent = input.coupon?.percent ?? 0;
  const items = input.lines.flatMap((line) => lineItems(input.id, line, created, input.appliedRuleIds, percent, input.tax));
  const subtotal = money(input.lines.reduce((sum, line) => sum + line.price * line.qty, 0));
  const discount = -money(input.lines.reduce((sum, line) => sum + money((money(line.price * line.qty) * percent) / 100), 0));
  // Each taxed item's tax (a configurable's child carries none: its price is on the parent).
  const taxed = items.filter((item) => Number(item['tax_amount']) > 0);
  const tax = money(taxed.reduce((sum, item) => sum + Number(item['tax_amount']), 0));
  const subtotalInclTax = money(input.lines.reduce((sum, line) => sum + money(line.price * line.qty) + taxOn(money(line.price * line.qty), input.tax), 0));
  const grand = money(subtotal + discount + input.shipping + tax);
  const qty = input.lines.reduce((sum, line) => sum + line.qty, 0);
  const [billingId, shippingId] = input.addressIds;
  const method = input.shipping > 0 ? { code: 'flatrate_flatrate', title: 'Flat Rate - Fixed' } : { code: 'freeshipping_freeshipping', title: 'Free Shipping - Free' };
  const customer = input.customer
    ? {
        ...(input.customer.dob === undefined ? {} : { customer_dob: input.customer.dob }),
        customer_firstname: input.customer.firstname,
        ...(input.customer.gender === undefined ? {} : { customer_gender: input.customer.gender }),
        customer_group_id: input.customer.groupId ?? 1,
        customer_id: input.customer.id,
        customer_is_guest: 0,
        customer_lastname: input.customer.lastname,
      }
    : { customer_group_id: 0, customer_is_guest: 1 };
  return {
    ...(input.appliedRuleIds === undefined ? {} : { applied_rule_ids: input.appliedRuleIds }),
    base_currency_code: 'USD',
    base_discount_amount: discount,
    base_grand_total: grand,
    base_discount_tax_compensation_amount: 0,
    base_shipping_amount: input.shipping,
    base_shipping_discount_amount: 0,
    base_shipping_discount_tax_compensation_amnt: 0,
    base_shipping_incl_tax: input.shipping,
    base_shipping_tax_amount: 0,
    base_subtotal: subtotal,
    base_subtotal_incl_tax: subtotalInclTax,
    base_tax_amount: tax,
    base_total_due: grand,
    base_to_global_rate: 1,
    base_to_order_rate: 1,
    billing_address_id: billingId,
    created_at: created,
    customer_email: input.email,
    ...customer,
    ...(input.coupon ? { coupon_code: input.coupon.code } : {}),
    customer_note_notify: 1,
    discount_amount: discount,
    ...(input.coupon ? { discount_description: input.coupon.code } : {}),
    entity_id: input.id,
    global_currency_code: 'USD',
    grand_total: grand,
    discount_tax_compensation_amount: 0,
    increment_id: input.incrementId,
    is_virtual: 0,
    order_currency_code: 'USD',
    protect_code: protectCode(input.id),
    quote_id: input.quoteId,
    remote_ip: '203.0.113.7',
    shipping_amount: input.shipping,
    shipping_description: method.title,
    shipping_discount_amount: 0,
    shipping_discount_tax_compensation_amount: 0,
    shipping_incl_tax: input.shipping,
    shipping_tax_amount: 0,
    state: 'new',
    status: 'pending',
    store_currency_code: 'USD',
    store_id: 1,
    store_name: 'Main Website\nMain Website Store\nDefault Store View',
    store_to_base_rate: 0,
    store_to_order_rate: 0,
    subtotal,
    subtotal_incl_tax: subtotalInclTax,
    tax_amount: tax,
    total_due: grand,
    total_item_count: input.lines.length,
    total_qty_ordered: qty,
    updated_at: updated,
    weight: qty,
    items,
    billing_address: orderAddress(billingId, input.id, 'billing', input.email, input.address, input.customer?.addressId),
    payment: {
      account_status: null,
      additional_information: ['Check / Money order'],
      amount_ordered: grand,
      base_amount_ordered: grand,
      base_shipping_amount: input.shipping,
      cc_exp_year: '0',
      cc_last4: null,
      cc_ss_start_month: '0',
      cc_ss_start_year: '0',
      entity_id: input.paymentId,
      method: 'checkmo',
      parent_id: input.id,
      shipping_amount: input.shipping,
    },
    status_histories: [],
    extension_attributes: {
      shipping_assignments: [
        {
          shipping: { address: orderAddress(shippingId, input.id, 'shipping', input.email, input.address, input.customer?.addressId), method: method.code, total: shippingTotal(input.shipping) },
          items: items.map((item) => ({ ...item })),
        },
      ],
      payment_additional_info: [{ key: 'method_title', value: 'Check / Money order' }],
      applied_taxes: input.tax && tax ? [appliedTax(input.tax, tax)] : [],
      item_applied_taxes: input.tax ? taxed.map((item) => ({ type: 'product', item_id: item['item_id'], applied_taxes: [appliedTax(input.tax!, Number(item['tax_amount']))] })) : [],
      // Written on orders placed from a quote (every order the fake keeps), as the corpus's orders show.
      converting_from_quote: true,
    },
  };
}

/**
 * A status history entry (an order comment). A comment added through the API carries no entity name and,
 * unless one was given, no status (both nullable, left out); `is_customer_notified` is not nullable:
 * null when nobody was told.
 */
export function statusHistory(id: number, orderId: number, comment: string, status: string | undefined, notified: boolean | null, visibleOnFront: boolean, at: string): Entity {
  return { comment, created_at: at, entity_id: id, is_customer_notified: notified === null ? null : Number(notified), is_visible_on_front: Number(visibleOnFront), parent_id: orderId, ...(status === undefined ? {} : { status }) };
}

function protectCode(id: number): string {
  let h = 0x811c9dc5 ^ id;
  let out = '';
  for (let i = 0; i < 6; i++) {
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0;
    out += h.toString(16).padStart(8, '0').slice(0, 1);
  }
  return out;
}
