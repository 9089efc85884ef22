/**
 * `GET /V1/products-render-info` (`Catalog\Model\ProductRenderList::getList`): the products a search finds,
 * each as the storefront renders it: its URL, the add-to-cart, compare and wish-list buttons (`post_data`
 * the JSON a form posts, `uenc` the base64 of the page's URL with `,` for `=`), the price information with
 * its formatted prices, the MSRP and tax adjustments, the images of the recently viewed and compared
 * widgets, and the review summary. `is_salable` is the string "1" or "" the collection holds; the
 * nullable getters left unset are written as null where the interface says they are not nullable
 * (`special_price`, the compare button's `post_data`).
 */
import type { Entity } from '../store.ts';
import type { ModeledHandler } from '../modeled-routes.ts';
import { EAV_ENTITY } from '../search-tables.ts';
import { attributeOf } from './prices.ts';

const price = (n: number) => `<span class="price">$${n.toFixed(2)}</span>`;
const json = (value: unknown) => JSON.stringify(value).replace(/\//g, '\\/');
const uenc = (url: string) => btoa(url).replace(/=/g, ',');

const WIDGET_IMAGES: [string, number, number][] = [
  ['recently_viewed_products_grid_content_widget', 240, 300],
  ['recently_viewed_products_list_content_widget', 270, 340],
  ['recently_viewed_products_images_names_widget', 75, 90],
  ['recently_compared_products_grid_content_widget', 240, 300],
  ['recently_compared_products_list_content_widget', 270, 340],
  ['recently_compared_products_images_names_widget', 75, 90],
];

function prices(amount: number): Entity {
  return {
    final_price: amount,
    max_price: amount,
    max_regular_price: amount,
    minimal_regular_price: amount,
    special_price: null,
    minimal_price: amount,
    regular_price: amount,
    formatted_prices: { final_price: price(amount), max_price: price(amount), minimal_price: price(amount), max_regular_price: price(amount), minimal_regular_price: null, special_price: null, regular_price: price(amount) },
  };
}

function rendered(product: Entity, origin: string, page: string, storeId: number, currency: string): Entity {
  const id = product['id'] as number;
  const name = String(product['name']);
  const url = `${origin}/${String(attributeOf(product, 'url_key') ?? id)}.html`;
  const amount = Number(product['price'] ?? 0);
  const type = String(product['type_id']);
  const image = String(attributeOf(product, 'small_image') ?? attributeOf(product, 'image') ?? '');
  const stock = ((product['extension_attributes'] ?? {}) as Entity)['stock_item'] as Entity | undefined;
  const cartUrl = `${origin}/checkout/cart/add/uenc/%25uenc%25/product/${id}/`;
  const posted = (action: string) => json({ action, data: { product: String(id), uenc: uenc(page) } });
  return {
    add_to_cart_button: { post_data: json({ action: cartUrl, data: { product: String(id), uenc: '%uenc%' } }), url: cartUrl, required_options: type === 'configurable' || type === 'bundle' },
    add_to_compare_button: { post_data: null, url: posted(`${origin}/catalog/product_compare/add/`), required_options: null },
    price_info: {
      ...prices(amount),
      extension_attributes: {
        msrp: { msrp_price: price(0), is_applicable: '', is_shown_price_on_gesture: '1', msrp_message: '', explanation_message: 'Our price is lower than the manufacturer&#039;s &quot;minimum advertised price.&quot;' },
        tax_adjustments: prices(amount),
        weee_attributes: [],
        weee_adjustment: price(amount),
      },
    },
    images: WIDGET_IMAGES.map(([code, width, height]) => ({ url: `${origin}/media/catalog/product/cache/${code.length.toString(16).padStart(32, '0')}${image}`, code, height, width, label: name, resized_width: width, resized_height: height })),
    url,
    id,
    name,
    type,
    is_salable: stock?.['is_in_stock'] === false ? '' : '1',
    store_id: storeId,
    currency_code: currency,
    extension_attributes: {
      review_html: `<div class="product-reviews-summary short empty"><div class="reviews-actions"><a class="action add" href="${url}#review-form">Be the first to review this product</a></div></div>`,
      wishlist_button: { post_data: null, url: posted(`${origin}/wishlist/index/add/`), required_options: null },
    },
  };
}

export const renderInfoHandlers: Record<string, ModeledHandler> = {
  // The answer is the items alone (as a 2.2 installation sent it: no criteria echoed, no count).
  'GET /V1/products-render-info': (_, { store, search, query, origin }) => {
    const storeId = Number(query.get('storeId') ?? 1);
    const currency = query.get('currencyCode') ?? 'USD';
    const page = `${origin}/rest/V1/products-render-info?${query.toString()}`;
    const found = search([...store.products.values()], EAV_ENTITY);
    return { items: found.items.map((product) => rendered(product as Entity, origin, page, storeId, currency)) };
  },
};
