/**
 * What a product is made of, kept on the product record the way the platform writes it back: a bundle's
 * options and their product links (`extension_attributes.bundle_product_options`), a configurable's
 * options and child links, and the product links (related, up-sell, cross-sell, a grouped product's
 * associated products), plus the bundle routes that change an option or a link.
 */
import { MESSAGES, PlatformError } from '../platform-errors.ts';
import type { Entity, FakeStore } from '../store.ts';
import type { ModeledHandler } from '../modeled-routes.ts';
import { numericId, objectField, required } from './support.ts';

const list = (value: unknown) => (Array.isArray(value) ? (value as Entity[]) : []);
const extension = (record: Entity) => (record['extension_attributes'] ?? {}) as Entity;

/**
 * A bundle's options as `Bundle\Model\Product\OptionList` reads them: each option carries its product's
 * SKU and id; each link (`Bundle\Model\Link`) its own id (a string, `getId(): string`), its option's id,
 * `price` and `price_type` null on a dynamically priced bundle (not nullable, so written), `is_default`
 * a boolean and `can_change_quantity` an int.
 */
function bundleOptions(store: FakeStore, sku: string, given: Entity[]): Entity[] {
  return given.map((option, index) => {
    const optionId = typeof option['option_id'] === 'number' ? option['option_id'] : store.nextId('option');
    return {
      option_id: optionId,
      title: String(option['title'] ?? ''),
      required: Boolean(option['required'] ?? true),
      type: String(option['type'] ?? 'select'),
      position: Number(option['position'] ?? index + 1),
      sku,
      product_links: list(option['product_links']).map((link, position) => ({
        id: link['id'] === undefined ? String(store.nextId('link')) : String(link['id']),
        sku: String(link['sku']),
        option_id: optionId,
        qty: Number(link['qty'] ?? 1),
        position: Number(link['position'] ?? position + 1),
        is_default: Boolean(link['is_default'] ?? false),
        price: link['price'] === undefined || link['price'] === null ? null : Number(link['price']),
        price_type: link['price_type'] === undefined || link['price_type'] === null ? null : Number(link['price_type']),
        can_change_quantity: Number(link['can_change_quantity'] ?? 0),
      })),
    };
  });
}

/**
 * Product links as `Catalog\Model\ProductLink\Repository` writes them: the owner's SKU, the link type,
 * the linked product's SKU and type, the position; a grouped product's associated links add the
 * default quantity (`extension_attributes.qty`). A link to a product that does not exist is refused.
 */
function productLinks(store: FakeStore, sku: string, given: Entity[]): Entity[] {
  return given.map((link, index) => {
    const linkedSku = String(link['linked_product_sku'] ?? '');
    const linked = store.products.get(linkedSku);
    if (!linked) throw new PlatformError(404, MESSAGES.productMissing);
    const type = String(link['link_type'] ?? 'related');
    return {
      sku,
      link_type: type,
      linked_product_sku: linkedSku,
      linked_product_type: linked['type_id'],
      position: Number(link['position'] ?? index),
      ...(type === 'associated' ? { extension_attributes: { qty: Number((link['extension_attributes'] as Entity | undefined)?.['qty'] ?? 0) } } : {}),
    };
  });
}

/** A configurable's options (the attribute id a string, as stored) with the product's id, and its child ids. */
function configurableOptions(productId: unknown, given: Entity[]): Entity[] {
  return given.map((option, index) => ({
    id: Number(option['id'] ?? index + 1),
    attribute_id: String(option['attribute_id']),
    label: String(option['label'] ?? ''),
    position: Number(option['position'] ?? index),
    values: list(option['values']).map((value) => ({ value_index: Number(value['value_index']) })),
    product_id: productId,
  }));
}

/** The product as saved: its composition normalised the platform's way. */
export function composed(store: FakeStore, product: Entity): Entity {
  const sku = String(product['sku']);
  const ext = { ...extension(product) };
  if (ext['bundle_product_options'] !== undefined) ext['bundle_product_options'] = bundleOptions(store, sku, list(ext['bundle_product_options']));
  if (ext['configurable_product_options'] !== undefined) ext['configurable_product_options'] = configurableOptions(product['id'], list(ext['configurable_product_options']));
  if (ext['configurable_product_links'] !== undefined) ext['configurable_product_links'] = (ext['configurable_product_links'] as unknown[]).map(Number);
  return { ...product, extension_attributes: ext, product_links: productLinks(store, sku, list(product['product_links'])) };
}

function bundle(store: FakeStore, sku: unknown): Entity {
  const found = store.products.get(String(sku));
  if (!found) throw new PlatformError(404, MESSAGES.productMissing);
  if (found['type_id'] !== 'bundle') throw new PlatformError(400, 'This is implemented for bundle products only.');
  return found;
}

const optionsOf = (product: Entity) => list(extension(product)['bundle_product_options']);

export const bundleHandlers: Record<string, ModeledHandler> = {
  // `OptionRepository::save` on an existing option: the option's id, as the request gave it (an int).
  'PUT /V1/bundle-products/options/{optionId}': (input, { store }) => {
    const given = objectField(input, 'option');
    if (!given['sku']) throw required('sku');
    const id = numericId(input['optionId'], 'optionId');
    const found = optionsOf(bundle(store, given['sku'])).find((o) => o['option_id'] === id);
    if (!found) throw new PlatformError(404, "The option that was requested doesn't exist. Verify the entity and try again.");
    for (const name of ['title', 'type', 'position', 'required'] as const) if (given[name] !== undefined) found[name] = given[name];
    return id;
  },
  // `LinkManagement::saveChild`: the link is found by id among the bundle's options.
  'PUT /V1/bundle-products/{sku}/links/{id}': (input, { store }) => {
    const given = objectField(input, 'linkedProduct');
    const id = String(numericId(input['id'], 'id'));
    const link = optionsOf(bundle(store, input['sku'])).flatMap((o) => list(o['product_links'])).find((l) => l['id'] === id);
    if (!link) throw new PlatformError(400, 'The product link with the "%1" ID field wasn\'t found. Verify the ID and try again.', [id]);
    for (const name of ['qty', 'position', 'is_default', 'price', 'price_type', 'can_change_quantity'] as const) if (given[name] !== undefined) link[name] = given[name];
    return true;
  },
};
