/**
 * Addresses as the platform keeps them: a customer's address book entry, and the copies a cart and an
 * order take of it. Each copy carries the keys its own interface's getters write (customer
 * `AddressInterface`, quote `AddressInterface`, sales `OrderAddressInterface`).
 */
import type { Entity } from '../store.ts';

/** The parts of an address every copy shares. */
export interface PostalAddress {
  firstname: string;
  lastname: string;
  street: string[];
  city: string;
  postcode: string;
  country_id: string;
  telephone: string;
  /** The region's getters (`getRegionCode(): string`, `getRegion(): string`) are not nullable: a country without regions writes both as null. */
  region: { region_code: string | null; region: string | null; region_id: number };
}

/** A US address in the platform's sample-data style, varied by `n` so seeded customers differ. */
export function postalAddress(n: number, firstname: string, lastname: string): PostalAddress {
  const regions = [
    { region_code: 'MI', region: 'Michigan', region_id: 33, city: 'Calder', postcode: '49628-7978' },
    { region_code: 'TX', region: 'Texas', region_id: 57, city: 'Austin', postcode: '78701' },
    { region_code: 'CA', region: 'California', region_id: 12, city: 'Oakland', postcode: '94607' },
  ] as const;
  const at = regions[n % regions.length]!;
  return {
    firstname,
    lastname,
    street: [`${6100 + n} Honey Bluff Parkway`],
    city: at.city,
    postcode: at.postcode,
    country_id: 'US',
    telephone: `(555) 229-${String(3300 + (n % 700)).padStart(4, '0')}`,
    region: { region_code: at.region_code, region: at.region, region_id: at.region_id },
  };
}

/** An address-book entry (customer-data-address-interface): `region` is an object here. */
export function customerAddress(id: number, customerId: number, address: PostalAddress, defaults: boolean): Entity {
  const entry: Entity = { id, customer_id: customerId, region: address.region, region_id: address.region.region_id, country_id: address.country_id, street: address.street, telephone: address.telephone, postcode: address.postcode, city: address.city, firstname: address.firstname, lastname: address.lastname };
  if (defaults) Object.assign(entry, { default_shipping: true, default_billing: true });
  return entry;
}

/** The address-book entry back as postal parts (for copying into a cart or an order). */
export function postalOf(entry: Entity): PostalAddress {
  return {
    firstname: String(entry['firstname'] ?? ''),
    lastname: String(entry['lastname'] ?? ''),
    street: Array.isArray(entry['street']) ? (entry['street'] as string[]) : [String(entry['street'] ?? '')],
    city: String(entry['city'] ?? ''),
    postcode: String(entry['postcode'] ?? ''),
    country_id: String(entry['country_id'] ?? 'US'),
    telephone: String(entry['telephone'] ?? ''),
    region: (entry['region'] && typeof entry['region'] === 'object' ? entry['region'] : { region_code: entry['region_code'] || null, region: entry['region'] || null, region_id: Number(entry['region_id'] ?? 0) }) as PostalAddress['region'],
  };
}

/**
 * A cart's address (quote-data-address-interface). Its getters for the postal fields are not nullable,
 * so an address nobody has filled in yet is written with each of them null (a new cart's billing address).
 */
export function quoteAddress(id: number, email: string | null, address: PostalAddress | undefined, customerAddressId?: number, customerId?: number): Entity {
  const entry: Entity = address
    ? { id, region: address.region.region, region_id: address.region.region_id, region_code: address.region.region_code, country_id: address.country_id, street: address.street, telephone: address.telephone, postcode: address.postcode, city: address.city, firstname: address.firstname, lastname: address.lastname }
    : { id, region: null, region_id: null, region_code: null, country_id: null, street: [''], telephone: null, postcode: null, city: null, firstname: null, lastname: null };
  if (customerId !== undefined) entry['customer_id'] = customerId;
  if (customerAddressId !== undefined) entry['customer_address_id'] = customerAddressId;
  entry['email'] = email;
  entry['same_as_billing'] = 0;
  entry['save_in_address_book'] = 0;
  return entry;
}

/** An order's address (sales-data-order-address-interface): `region` is the name, flat beside its code and id. */
export function orderAddress(entityId: number, orderId: number, type: 'billing' | 'shipping', email: string, address: PostalAddress, customerAddressId?: number): Entity {
  const entry: Entity = { address_type: type, city: address.city, country_id: address.country_id };
  if (customerAddressId !== undefined) entry['customer_address_id'] = customerAddressId;
  return Object.assign(entry, {
    email,
    entity_id: entityId,
    firstname: address.firstname,
    lastname: address.lastname,
    parent_id: orderId,
    postcode: address.postcode,
    region: address.region.region,
    region_code: address.region.region_code,
    region_id: address.region.region_id,
    street: address.street,
    telephone: address.telephone,
  });
}
