/**
 * The signed-in customer's own account (`/V1/customers/me`) and address-book entries by id.
 */
import { MESSAGES, PlatformError } from '../platform-errors.ts';
import { customerAddress, postalOf } from '../records/address.ts';
import type { Entity, FakeStore } from '../store.ts';
import type { HandlerContext, ModeledHandler } from '../modeled-routes.ts';
import { noSuchEntity, numericId, objectField } from './support.ts';

function me({ caller, store }: HandlerContext): Entity {
  if (caller.customerId === undefined) throw new PlatformError(401, MESSAGES.notAuthorized, { resources: 'self' });
  const customer = store.customers.get(caller.customerId);
  if (!customer) throw noSuchEntity('customerId', caller.customerId);
  return customer;
}

function findAddress(customers: Iterable<Entity>, addressId: number): Entity | undefined {
  for (const customer of customers) {
    const found = ((customer['addresses'] ?? []) as Entity[]).find((address) => address['id'] === addressId);
    if (found) return found;
  }
  return undefined;
}

function pick(from: Entity, names: string[]): Entity {
  return Object.fromEntries(names.filter((name) => from[name] !== undefined).map((name) => [name, from[name]]));
}

/**
 * The address book a save gives the customer (`CustomerRepository::save` saves each given address):
 * each entry gets its own id and is stored as an address-book entry (its region an object), whichever
 * way the request wrote the region; the first is the default unless one says otherwise.
 */
export function addressBook(store: FakeStore, customerId: number, value: unknown): Entity[] {
  const given = Array.isArray(value) ? (value as Entity[]) : [];
  return given.map((address, index) => {
    const defaults = given.some((a) => a['default_billing']) ? { default_billing: Boolean(address['default_billing']), default_shipping: Boolean(address['default_shipping']) } : { default_billing: index === 0, default_shipping: index === 0 };
    return { ...customerAddress(store.nextId('address'), customerId, postalOf(address), false), ...pick(address, ['company', 'vat_id', 'middlename', 'prefix', 'suffix', 'fax']), ...(defaults.default_billing ? { default_billing: true } : {}), ...(defaults.default_shipping ? { default_shipping: true } : {}) };
  });
}

/** A fresh installation's customer groups, all of the Retail Customer tax class (3). */
export const GROUPS = ['NOT LOGGED IN', 'General', 'Wholesale', 'Retailer'].map((code, id) => ({ id, code, tax_class_id: 3, tax_class_name: 'Retail Customer' }));

/** `GroupRepository::getById`: an unknown id is `No such entity with id = …`. */
function group(value: unknown): Entity {
  const id = Number(value);
  const found = GROUPS.find((g) => g.id === id);
  if (!found) throw noSuchEntity('id', Number.isFinite(id) ? id : String(value));
  return { ...found };
}

export const customerHandlers: Record<string, ModeledHandler> = {
  'GET /V1/customerGroups/{id}': (input) => group(input['id']),
  'GET /V1/customerGroups/default': () => group(1),
  'GET /V1/customerGroups/default/{storeId}': () => group(1),
  'GET /V1/customerGroups/search': (_, { search }) => search(GROUPS.map((g) => ({ ...g }))),
  'GET /V1/customers/me': (_, context) => me(context),
  'PUT /V1/customers/me': (input, context) => {
    const current = me(context);
    // The account's id and email stay the token's: the body cannot move the token to another record.
    const given = objectField(input, 'customer');
    // A given address book replaces the stored one (entries saved as on create); none given keeps it.
    const addresses = Array.isArray(given['addresses']) ? { addresses: addressBook(context.store, current['id'] as number, given['addresses']) } : {};
    const saved = { ...current, ...given, ...addresses, id: current['id'], updated_at: context.at() };
    context.store.customers.set(current['id'] as number, saved);
    return saved;
  },
  'GET /V1/customers/me/billingAddress': (_, context) => defaultAddress(me(context), 'default_billing'),
  'GET /V1/customers/me/shippingAddress': (_, context) => defaultAddress(me(context), 'default_shipping'),
  'GET /V1/customers/addresses/{addressId}': (input, { store }) => {
    const addressId = numericId(input['addressId'], 'addressId');
    return findAddress(store.customers.values(), addressId) ?? (() => { throw noSuchEntity('addressId', addressId); })();
  },
  'GET /V1/customers/{customerId}/billingAddress': (input, { store }) => defaultAddress(customerById(store.customers, input['customerId']), 'default_billing'),
  'GET /V1/customers/{customerId}/shippingAddress': (input, { store }) => defaultAddress(customerById(store.customers, input['customerId']), 'default_shipping'),
};

function customerById(customers: Map<number, Entity>, value: unknown): Entity {
  const id = numericId(value, 'customerId');
  return customers.get(id) ?? (() => { throw noSuchEntity('customerId', id); })();
}

/** The default address, or `[]` when there is none: the method returns null, which the serializer answers as an empty array. */
function defaultAddress(customer: Entity, which: 'default_billing' | 'default_shipping'): unknown {
  const id = customer[which];
  const found = id === undefined ? undefined : ((customer['addresses'] ?? []) as Entity[]).find((address) => String(address['id']) === String(id));
  return found ?? [];
}
