/**
 * Invoices and shipments as `GET /V1/invoices/{id}` and `GET /V1/shipment/{id}` write them, made from
 * an order record by `POST /V1/order/{orderId}/invoice` and `/ship` (all items, as when no items are given).
 */
import type { Entity } from '../store.ts';

const num = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0));

export function invoiceRecord(id: number, order: Entity, at: string): Entity {
  const items = (order['items'] as Entity[]).map((item, index) => ({
    base_discount_amount: 0,
    base_discount_tax_compensation_amount: 0,
    base_price: item['base_price'],
    base_price_incl_tax: item['base_price_incl_tax'],
    base_row_total: item['base_row_total'],
    base_row_total_incl_tax: item['base_row_total_incl_tax'],
    base_tax_amount: 0,
    entity_id: id * 100 + index + 1,
    discount_amount: 0,
    discount_tax_compensation_amount: 0,
    name: item['name'],
    parent_id: id,
    price: item['price'],
    price_incl_tax: item['price_incl_tax'],
    product_id: item['product_id'],
    row_total: item['row_total'],
    row_total_incl_tax: item['row_total_incl_tax'],
    sku: item['sku'],
    tax_amount: 0,
    order_item_id: item['item_id'],
    qty: item['qty_ordered'],
  }));
  return {
    base_currency_code: order['base_currency_code'],
    base_discount_amount: 0,
    base_grand_total: order['base_grand_total'],
    base_discount_tax_compensation_amount: 0,
    base_shipping_amount: order['base_shipping_amount'],
    base_shipping_discount_tax_compensation_amnt: 0,
    base_shipping_incl_tax: order['base_shipping_incl_tax'],
    base_shipping_tax_amount: 0,
    base_subtotal: order['base_subtotal'],
    base_subtotal_incl_tax: order['base_subtotal_incl_tax'],
    base_tax_amount: 0,
    base_to_global_rate: 1,
    base_to_order_rate: 1,
    billing_address_id: order['billing_address_id'],
    can_void_flag: 0,
    created_at: at,
    discount_amount: 0,
    email_sent: 0,
    entity_id: id,
    global_currency_code: order['global_currency_code'],
    grand_total: order['grand_total'],
    discount_tax_compensation_amount: 0,
    increment_id: String(id).padStart(9, '0'),
    order_currency_code: order['order_currency_code'],
    order_id: order['entity_id'],
    shipping_address_id: shippingAddressId(order),
    shipping_amount: order['shipping_amount'],
    shipping_discount_tax_compensation_amount: 0,
    shipping_incl_tax: order['shipping_incl_tax'],
    shipping_tax_amount: 0,
    state: 2,
    store_currency_code: order['store_currency_code'],
    store_id: order['store_id'],
    store_to_base_rate: 0,
    store_to_order_rate: 0,
    subtotal: order['subtotal'],
    subtotal_incl_tax: order['subtotal_incl_tax'],
    tax_amount: 0,
    total_qty: (order['items'] as Entity[]).reduce((sum, item) => sum + num(item['qty_ordered']), 0),
    updated_at: at,
    items,
    comments: [],
  };
}

export function shipmentRecord(id: number, order: Entity, at: string): Entity {
  const items = (order['items'] as Entity[]).map((item, index) => ({
    entity_id: id * 100 + index + 1,
    name: item['name'],
    parent_id: id,
    price: item['price'],
    product_id: item['product_id'],
    sku: item['sku'],
    weight: item['weight'],
    order_item_id: item['item_id'],
    qty: item['qty_ordered'],
  }));
  return {
    billing_address_id: order['billing_address_id'],
    created_at: at,
    ...(order['customer_id'] === undefined ? {} : { customer_id: order['customer_id'] }),
    entity_id: id,
    increment_id: String(id).padStart(9, '0'),
    order_id: order['entity_id'],
    packages: [],
    shipping_address_id: shippingAddressId(order),
    store_id: order['store_id'],
    total_qty: (order['items'] as Entity[]).reduce((sum, item) => sum + num(item['qty_ordered']), 0),
    updated_at: at,
    items,
    tracks: [],
    comments: [],
  };
}

function shippingAddressId(order: Entity): unknown {
  const assignments = ((order['extension_attributes'] as Entity | undefined)?.['shipping_assignments'] ?? []) as Entity[];
  return ((assignments[0]?.['shipping'] as Entity | undefined)?.['address'] as Entity | undefined)?.['entity_id'];
}
