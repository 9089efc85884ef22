/**
 * Products as `GET /V1/products/{sku}` writes them on a 2.4 installation: the record's own fields, the
 * extension attributes the catalog and inventory modules add (`website_ids`, `category_links`,
 * `stock_item`), the EAV attributes outside the interface as `custom_attributes` (string values, arrays
 * for `category_ids`), and the media gallery. Getters declared nullable are left out when unset;
 * the stock item's are not nullable, so its unset ones are written as null (`low_stock_date`).
 */
import type { Entity } from '../store.ts';
import { STAMP } from './stamp.ts';

/** A stock item (catalog-inventory-data-stock-item-interface) with the platform's default configuration. */
function stockItemRecord(productId: number, qty: number | null, isInStock = qty === null || qty > 0): Entity {
  return {
    item_id: productId,
    product_id: productId,
    stock_id: 1,
    qty,
    is_in_stock: isInStock,
    is_qty_decimal: false,
    show_default_notification_message: false,
    use_config_min_qty: true,
    min_qty: 0,
    // Declared int among boolean siblings: the platform writes 1/0 here (wire rules §5).
    use_config_min_sale_qty: 1,
    min_sale_qty: 1,
    use_config_max_sale_qty: true,
    max_sale_qty: 10000,
    use_config_backorders: true,
    backorders: 0,
    use_config_notify_stock_qty: true,
    notify_stock_qty: 1,
    use_config_qty_increments: true,
    qty_increments: 0,
    use_config_enable_qty_inc: true,
    enable_qty_increments: false,
    use_config_manage_stock: true,
    manage_stock: true,
    low_stock_date: null,
    is_decimal_divided: false,
    stock_status_changed_auto: 0,
  };
}

/** A media gallery entry; `label` is not nullable, so an image without one is written with `label: null`. */
export function mediaEntry(id: number, file: string, position: number, types: string[], label: string | null = null): Entity {
  return { id, media_type: 'image', label, position, disabled: false, types, file };
}

/** `Product 12` → `product-12`, the way the platform derives a URL key from a name. */
function urlKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** `/s/k/sku-0001.jpg`: the platform files an image under its name's first two letters. */
export function imageFile(sku: string): string {
  const base = urlKey(sku) || 'image';
  return `/${base[0]}/${base[1] ?? base[0]}/${base}.jpg`;
}

function withAttributes(defaults: Entity[], given: unknown): Entity[] {
  const list = defaults.filter((a) => !(Array.isArray(given) && given.some((g: Entity) => g && g['attribute_code'] === a['attribute_code'])));
  return Array.isArray(given) ? [...list, ...(given as Entity[])] : list;
}

/**
 * A product record. `fields` wins over the defaults; given `custom_attributes` replace the defaults of the
 * same code, given `extension_attributes` are merged over the defaults.
 */
export function productRecord(id: number, fields: Entity): Entity {
  const sku = String(fields['sku'] ?? `SKU-${id}`);
  const name = String(fields['name'] ?? sku);
  const categoryIds = ['3'];
  const file = imageFile(sku);
  const defaults: Entity[] = [
    { attribute_code: 'image', value: file },
    { attribute_code: 'url_key', value: urlKey(name) },
    { attribute_code: 'small_image', value: file },
    { attribute_code: 'options_container', value: 'container2' },
    { attribute_code: 'thumbnail', value: file },
    { attribute_code: 'msrp_display_actual_price_type', value: '0' },
    { attribute_code: 'tax_class_id', value: '2' },
    { attribute_code: 'required_options', value: '0' },
    { attribute_code: 'has_options', value: '0' },
    { attribute_code: 'category_ids', value: categoryIds },
    { attribute_code: 'description', value: `<p>${name}.</p>` },
  ];
  const extension = (fields['extension_attributes'] ?? {}) as Entity;
  const { custom_attributes: givenAttributes, extension_attributes: _given, ...rest } = fields;
  void _given;
  return {
    id,
    sku,
    name,
    attribute_set_id: 4,
    price: 0,
    status: 1,
    visibility: 4,
    type_id: 'simple',
    created_at: STAMP,
    updated_at: STAMP,
    weight: 1,
    ...rest,
    extension_attributes: {
      website_ids: [1],
      category_links: categoryIds.map((category_id) => ({ position: 0, category_id })),
      stock_item: stockItemRecord(id, 100),
      ...extension,
    },
    product_links: [],
    options: [],
    media_gallery_entries: [mediaEntry(id, file, 1, ['image', 'small_image', 'thumbnail'])],
    tier_prices: [],
    custom_attributes: withAttributes(defaults, givenAttributes),
    ...pick(fields, ['product_links', 'options', 'media_gallery_entries', 'tier_prices']),
  };
}

function pick(fields: Entity, names: string[]): Entity {
  return Object.fromEntries(names.filter((n) => fields[n] !== undefined).map((n) => [n, fields[n]]));
}
