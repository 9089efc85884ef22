/**
 * What happens to an order after it is placed: comments (status histories), hold, unhold and cancel,
 * invoicing and shipping (whole orders), and reading the invoices and shipments made.
 */
import { MESSAGES, PlatformError } from '../platform-errors.ts';
import { statusHistory } from '../records/order.ts';
import { invoiceRecord, shipmentRecord } from '../records/sales-documents.ts';
import type { Entity, FakeStore } from '../store.ts';
import type { ModeledHandler } from '../modeled-routes.ts';
import { entityMissing, numericId, objectField, uncastId } from './support.ts';

/** The order's columns a request may change through `POST /V1/orders/` (scalars; the collections are saved by their own routes). */
const isScalar = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** `OrderRepository::get`: an unknown id is "The entity that was requested doesn't exist…", with no parameters. */
function order(store: FakeStore, value: unknown): Entity {
  const found = store.orders.get(numericId(value, 'id'));
  if (!found) throw entityMissing();
  return found;
}

function byId(records: Map<number, Entity>, value: unknown, name: string): Entity {
  const found = records.get(numericId(value, name));
  if (!found) throw entityMissing();
  return found;
}

const histories = (record: Entity) => (record['status_histories'] ?? []) as Entity[];

function setState(record: Entity, state: string, status: string, at: string): void {
  record['state'] = state;
  record['status'] = status;
  record['updated_at'] = at;
}

function documentsOf(records: Map<number, Entity>, orderId: number): Entity[] {
  return [...records.values()].filter((document) => document['order_id'] === orderId);
}

/** Invoiced and shipped is complete; either alone is processing. */
function afterDocument(store: FakeStore, record: Entity, at: string): void {
  const id = record['entity_id'] as number;
  const invoiced = documentsOf(store.invoices, id).length > 0;
  const shipped = documentsOf(store.shipments, id).length > 0;
  setState(record, invoiced && shipped ? 'complete' : 'processing', invoiced && shipped ? 'complete' : 'processing', at);
}

/**
 * The document validators (`Sales\Model\Order\Validation\CanInvoice`, `CanShip`): their messages are
 * joined into one text after a heading, with no parameters.
 */
function refuseDocument(kind: string, capital: string, lower: string, documents: Map<number, Entity>, record: Entity): void {
  const state = String(record['state']);
  const error = ['canceled', 'holded', 'closed', 'complete', 'payment_review'].includes(state)
    ? `${capital} cannot be created when an order has a status of ${String(record['status'])}`
    : documentsOf(documents, record['entity_id'] as number).length > 0
      ? `The order does not allow ${lower} to be created.`
      : undefined;
  if (error) throw new PlatformError(400, `${kind} Document Validation Error(s):\n${error}`);
}


/**
 * `OrderRepository::save` answers the order object the request built, as saved: the fields the request
 * gave (cast by their getters), the columns the save writes back (timestamps, protect code, amounts due,
 * the billing address id), the collections the getters load (items, billing address, payment, status
 * histories), and null for the getters that are not nullable and were not given (`base_grand_total`,
 * `customer_email`, `grand_total`); no extension attributes (nothing set them). The stored order takes
 * the given fields. An order without `entity_id` would be a new order built field by field: not modeled.
 */
function saveOrder(store: FakeStore, input: Record<string, unknown>, at: string): Entity {
  const given = objectField(input, 'entity');
  if (given['entity_id'] === undefined || given['entity_id'] === null || given['entity_id'] === '') {
    throw new PlatformError(501, MESSAGES.unmodeledCase, { route: 'POST /V1/orders/', case: 'an order without entity_id' });
  }
  const record = order(store, given['entity_id']);
  const changes = Object.fromEntries(Object.entries(given).filter(([name, value]) => name !== 'entity_id' && isScalar(value) && name in record));
  Object.assign(record, changes, { updated_at: at });
  const cast = Object.fromEntries(Object.entries(changes).map(([name, value]) => [name, typeof record[name] === 'number' && typeof value === 'string' && value !== '' ? Number(value) : value]));
  const items = (record['items'] as Entity[]).map(({ parent_item: _parent, product_option: _option, ...item }) => (void _parent, void _option, item));
  return {
    base_grand_total: null,
    customer_email: null,
    grand_total: null,
    ...cast,
    base_total_due: record['base_total_due'],
    billing_address_id: record['billing_address_id'],
    created_at: record['created_at'],
    entity_id: record['entity_id'],
    protect_code: record['protect_code'],
    state: record['state'],
    status: record['status'],
    total_due: record['total_due'],
    updated_at: record['updated_at'],
    items,
    billing_address: record['billing_address'],
    payment: record['payment'],
    status_histories: histories(record),
  };
}

const TRACK_REQUIRED = ['parent_id', 'order_id', 'track_number', 'carrier_code'];

/**
 * `TrackRepository::save` (2.2+): the track validator's refusal (a required field empty) or a shipment
 * that does not exist fails the save, answered as `CouldNotSaveException` "Could not save the shipment
 * tracking." (400, the cause not shown); a saved track is the request's entity with its id, timestamps
 * and the ids cast by their getters.
 */
function addTrack(store: FakeStore, input: Record<string, unknown>, at: string): Entity {
  const given = objectField(input, 'entity');
  const refused = () => new PlatformError(400, 'Could not save the shipment tracking.');
  if (TRACK_REQUIRED.some((name) => given[name] === undefined || given[name] === null || given[name] === '')) throw refused();
  const shipment = store.shipments.get(Number(given['parent_id']));
  if (!shipment || shipment['order_id'] !== Number(given['order_id'])) throw refused();
  const track: Entity = {
    order_id: Number(given['order_id']),
    created_at: at,
    entity_id: store.nextId('track'),
    parent_id: Number(given['parent_id']),
    updated_at: at,
    weight: Number(given['weight'] ?? 0),
    qty: Number(given['qty'] ?? 0),
    ...(given['description'] === undefined ? {} : { description: String(given['description']) }),
    track_number: String(given['track_number']),
    ...(given['title'] === undefined ? {} : { title: String(given['title']) }),
    carrier_code: String(given['carrier_code']),
  };
  shipment['tracks'] = [...((shipment['tracks'] ?? []) as Entity[]), track];
  return track;
}


const amount = (record: Entity, name: string) => Number(record[name] ?? 0);
const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * `Order::registerCancellation`: each item cancels what is left to ship (`Order\Item::cancel`: `qty_canceled`,
 * its share of the tax as `tax_canceled`, the compensation alike; a configurable's child has nothing of its
 * own to cancel), and the order records what was not invoiced as canceled (subtotal, tax, shipping,
 * discount, total), in base and order currency.
 */
function registerCancellation(record: Entity): void {
  for (const item of record['items'] as Entity[]) {
    const qty = item['parent_item_id'] === undefined ? Math.max(0, amount(item, 'qty_ordered') - amount(item, 'qty_invoiced') - amount(item, 'qty_canceled')) : 0;
    const share = amount(item, 'qty_ordered') ? qty / amount(item, 'qty_ordered') : 0;
    Object.assign(item, { qty_canceled: qty, tax_canceled: cents(amount(item, 'base_tax_amount') * share), discount_tax_compensation_canceled: cents(amount(item, 'base_discount_tax_compensation_amount') * share) });
  }
  const canceled = (from: string, invoiced: string) => cents(Math.abs(amount(record, from)) - amount(record, invoiced));
  Object.assign(record, {
    subtotal_canceled: canceled('subtotal', 'subtotal_invoiced'),
    base_subtotal_canceled: canceled('base_subtotal', 'base_subtotal_invoiced'),
    tax_canceled: canceled('tax_amount', 'tax_invoiced'),
    base_tax_canceled: canceled('base_tax_amount', 'base_tax_invoiced'),
    shipping_canceled: canceled('shipping_amount', 'shipping_invoiced'),
    base_shipping_canceled: canceled('base_shipping_amount', 'base_shipping_invoiced'),
    discount_canceled: canceled('discount_amount', 'discount_invoiced'),
    base_discount_canceled: canceled('base_discount_amount', 'base_discount_invoiced'),
    total_canceled: canceled('grand_total', 'total_paid'),
    base_total_canceled: canceled('base_grand_total', 'base_total_paid'),
  });
}

export const salesHandlers: Record<string, ModeledHandler> = {
  'POST /V1/orders/': (input, { store, at }) => saveOrder(store, input, at()),
  'POST /V1/shipment/track': (input, { store, at }) => addTrack(store, input, at()),
  'GET /V1/orders/{id}/comments': (input, { store }) => {
    // The history collection is its own search result and was given no criteria: `search_criteria` is
    // null, written because its getter is not nullable.
    const items = histories(order(store, input['id']));
    return { items, search_criteria: null, total_count: items.length };
  },
  'POST /V1/orders/{id}/comments': (input, { store, at }) => {
    const record = order(store, input['id']);
    const given = objectField(input, 'statusHistory');
    const status = typeof given['status'] === 'string' && given['status'] ? given['status'] : undefined;
    const notified = given['is_customer_notified'] === undefined || given['is_customer_notified'] === null ? null : Boolean(Number(given['is_customer_notified']));
    record['status_histories'] = [statusHistory(store.nextId('history'), record['entity_id'] as number, String(given['comment'] ?? ''), status, notified, Boolean(Number(given['is_visible_on_front'] ?? 0)), at()), ...histories(record)];
    if (status !== undefined) record['status'] = status;
    return true;
  },
  'GET /V1/orders/{id}/statuses': (input, { store }) => order(store, input['id'])['status'],
  'POST /V1/orders/{id}/hold': (input, { store, at }) => {
    const record = order(store, input['id']);
    if (!['new', 'processing'].includes(String(record['state']))) throw new PlatformError(400, 'A hold action is not available.');
    record['hold_before_state'] = record['state'];
    record['hold_before_status'] = record['status'];
    setState(record, 'holded', 'holded', at());
    return true;
  },
  'POST /V1/orders/{id}/unhold': (input, { store, at }) => {
    const record = order(store, input['id']);
    if (record['state'] !== 'holded') throw new PlatformError(400, 'You cannot remove the hold.');
    setState(record, String(record['hold_before_state']), String(record['hold_before_status']), at());
    delete record['hold_before_state'];
    delete record['hold_before_status'];
    return true;
  },
  // The platform answers false, not an error, for an order it cannot cancel.
  'POST /V1/orders/{id}/cancel': (input, { store, at }) => {
    const record = order(store, input['id']);
    if (!['new', 'processing', 'pending_payment'].includes(String(record['state'])) || documentsOf(store.invoices, record['entity_id'] as number).length > 0) return false;
    registerCancellation(record);
    setState(record, 'canceled', 'canceled', at());
    return true;
  },

  // The new document's id (`InvoiceOrder::execute`, `ShipOrder::execute`): uncast, a string.
  'POST /V1/order/{orderId}/invoice': (input, { store, at }) => {
    const record = order(store, input['orderId']);
    refuseDocument('Invoice', 'An invoice', 'an invoice', store.invoices, record);
    const id = store.nextId('invoice');
    store.invoices.set(id, invoiceRecord(id, record, at()));
    Object.assign(record, { base_total_invoiced: record['base_grand_total'], total_invoiced: record['grand_total'], base_total_paid: record['base_grand_total'], total_paid: record['grand_total'], base_total_due: 0, total_due: 0 });
    afterDocument(store, record, at());
    return uncastId(id);
  },
  'POST /V1/order/{orderId}/ship': (input, { store, at }) => {
    const record = order(store, input['orderId']);
    refuseDocument('Shipment', 'A shipment', 'a shipment', store.shipments, record);
    const id = store.nextId('shipment');
    store.shipments.set(id, shipmentRecord(id, record, at()));
    for (const item of record['items'] as Entity[]) item['qty_shipped'] = item['qty_ordered'];
    afterDocument(store, record, at());
    return uncastId(id);
  },
  'GET /V1/invoices': (_, { store, search }) => search([...store.invoices.values()]),
  'GET /V1/invoices/{id}': (input, { store }) => byId(store.invoices, input['id'], 'id'),
  'GET /V1/shipments': (_, { store, search }) => search([...store.shipments.values()]),
  'GET /V1/shipment/{id}': (input, { store }) => byId(store.shipments, input['id'], 'id'),
};
