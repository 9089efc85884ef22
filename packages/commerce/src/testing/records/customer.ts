/**
 * Customers as `GET /V1/customers/{id}` writes them: the account, its address book (one default
 * billing and shipping address), the default address ids as strings (the interface declares them so),
 * and `extension_attributes.is_subscribed` from the newsletter module.
 */
import type { Entity } from '../store.ts';
import { customerAddress, postalAddress } from './address.ts';
import { STAMP } from './stamp.ts';

/** A customer record; `fields` wins over the defaults (an empty `addresses` list makes one without an address book). */
export function customerRecord(id: number, fields: Entity): Entity {
  const firstname = String(fields['firstname'] ?? `First${id}`);
  const lastname = String(fields['lastname'] ?? `Last${id}`);
  const addresses = Array.isArray(fields['addresses']) ? (fields['addresses'] as Entity[]) : [customerAddress(id, id, postalAddress(id, firstname, lastname), true)];
  const defaultId = addresses.find((a) => a['default_billing'])?.['id'];
  const record: Entity = { id, group_id: 1 };
  if (defaultId !== undefined) Object.assign(record, { default_billing: String(defaultId), default_shipping: String(defaultId) });
  return Object.assign(record, {
    created_at: STAMP,
    updated_at: STAMP,
    created_in: 'Default Store View',
    dob: `19${70 + (id % 30)}-0${1 + (id % 9)}-15`,
    email: `customer${id}@example.com`,
    firstname,
    lastname,
    gender: 1 + (id % 2),
    store_id: 1,
    website_id: 1,
    ...fields,
    addresses,
    disable_auto_group_change: 0,
    extension_attributes: { is_subscribed: false, ...((fields['extension_attributes'] as Entity | undefined) ?? {}) },
  });
}
