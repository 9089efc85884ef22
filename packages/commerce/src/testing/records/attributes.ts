/**
 * EAV attribute sets and the catalog's product attributes as a fresh 2.4 installation has them: one
 * `Default` set per entity type (ids 1–8, each first of its type, so `sort_order` 1), and the product
 * attributes of set 4 as `GET /V1/products/attribute-sets/{id}/attributes` writes them
 * (catalog-data-product-attribute-interface): `entity_type_id` and `is_unique` as the strings the
 * database holds, options as `{label, value}` with string values, `source_model` and `default_value`
 * only where set (nullable getters).
 */
import type { Entity } from '../store.ts';

const ENTITY_TYPES = ['customer', 'customer_address', 'catalog_category', 'catalog_product', 'order', 'invoice', 'creditmemo', 'shipment'];

export const PRODUCT_ENTITY_TYPE = 4;

export function defaultAttributeSets(): Entity[] {
  return ENTITY_TYPES.map((_, index) => ({ attribute_set_id: index + 1, attribute_set_name: 'Default', sort_order: 1, entity_type_id: index + 1 }));
}

interface AttributeSpec {
  id: number;
  code: string;
  input: string;
  label: string;
  backend: string;
  required?: boolean;
  unique?: boolean;
  source?: string;
  defaultValue?: string;
  options?: [string, string][];
}

const PRODUCT_ATTRIBUTES: AttributeSpec[] = [
  { id: 73, code: 'name', input: 'text', label: 'Product Name', backend: 'varchar', required: true },
  { id: 74, code: 'sku', input: 'text', label: 'SKU', backend: 'static', required: true, unique: true },
  { id: 75, code: 'description', input: 'textarea', label: 'Description', backend: 'text' },
  { id: 77, code: 'price', input: 'price', label: 'Price', backend: 'decimal', required: true },
  { id: 78, code: 'special_price', input: 'price', label: 'Special Price', backend: 'decimal' },
  { id: 81, code: 'cost', input: 'price', label: 'Cost', backend: 'decimal' },
  { id: 82, code: 'weight', input: 'weight', label: 'Weight', backend: 'decimal' },
  { id: 87, code: 'image', input: 'media_image', label: 'Base', backend: 'varchar' },
  { id: 97, code: 'status', input: 'boolean', label: 'Enable Product', backend: 'int', source: 'Magento\\Catalog\\Model\\Product\\Attribute\\Source\\Status', defaultValue: '1', options: [['Enabled', '1'], ['Disabled', '2']] },
  { id: 99, code: 'visibility', input: 'select', label: 'Visibility', backend: 'int', source: 'Magento\\Catalog\\Model\\Product\\Visibility', defaultValue: '4', options: [['Not Visible Individually', '1'], ['Catalog', '2'], ['Search', '3'], ['Catalog, Search', '4']] },
  { id: 121, code: 'url_key', input: 'text', label: 'URL Key', backend: 'varchar' },
  { id: 125, code: 'shipment_type', input: 'select', label: 'Ship Bundle Items', backend: 'int', required: true, source: 'Magento\\Bundle\\Model\\Product\\Attribute\\Source\\Shipment\\Type', defaultValue: '0', options: [['Together', '0'], ['Separately', '1']] },
  { id: 134, code: 'tax_class_id', input: 'select', label: 'Tax Class', backend: 'int', source: 'Magento\\Tax\\Model\\TaxClass\\Source\\Product', defaultValue: '2', options: [['None', '0'], ['Taxable Goods', '2']] },
];

/** The product attributes of the default set. */
export function productAttributes(): Entity[] {
  return PRODUCT_ATTRIBUTES.map((a) => ({
    attribute_id: a.id,
    attribute_code: a.code,
    frontend_input: a.input,
    entity_type_id: String(PRODUCT_ENTITY_TYPE),
    is_required: a.required ?? false,
    options: (a.options ?? []).map(([label, value]) => ({ label, value })),
    is_user_defined: false,
    default_frontend_label: a.label,
    frontend_labels: [],
    backend_type: a.backend,
    ...(a.source === undefined ? {} : { source_model: a.source }),
    ...(a.defaultValue === undefined ? {} : { default_value: a.defaultValue }),
    is_unique: a.unique ? '1' : '0',
    validation_rules: [],
  }));
}
