/**
 * The negotiable quote workflow: a buyer requests a quote for a cart (submitted_by_customer), the
 * seller edits prices (processing_by_admin) and sends it back (submitted_by_admin) or declines it
 * (declined); the buyer then places the order from the negotiable cart (ordered). Each step is only
 * allowed from the states the platform allows it from; others answer 400 and change nothing.
 * Every request, offer and decline leaves a comment.
 */
import { PlatformError } from '../platform-errors.ts';
import type { ModeledHandler } from '../modeled-routes.ts';
import type { Entity } from '../store.ts';
import { id, noSuchEntity, object, required, text, type FakeB2b, type FakeNegotiableQuote, type NegotiableQuoteStatus } from './state.ts';

/** The fake's wording (the platform's differs by release); `%1` the quote, `%2` the step, `%3` its state. */
const WRONG_STATE = 'Quote %1 cannot be %2 while it is %3.';

const SELLER_EDITABLE: NegotiableQuoteStatus[] = ['created', 'submitted_by_customer', 'processing_by_admin'];
const CREATOR = { customer: 3, admin: 2 } as const;

export function negotiableQuoteRoutes(b2b: FakeB2b): Record<string, ModeledHandler> {
  const quote = (value: unknown, name = 'quoteId'): FakeNegotiableQuote => {
    const quoteId = id(value, name);
    const found = b2b.quotes.get(quoteId);
    if (!found) throw noSuchEntity('quoteId', quoteId);
    return found;
  };
  const step = (q: FakeNegotiableQuote, allowed: NegotiableQuoteStatus[], action: string) => {
    if (!allowed.includes(q.status)) throw new PlatformError(400, WRONG_STATE, [String(q.quote_id), action, q.status]);
  };
  const comment = (q: FakeNegotiableQuote, by: keyof typeof CREATOR, body: string, isDecline = false) => {
    if (!b2b.comments.has(q.quote_id)) b2b.comments.set(q.quote_id, []);
    const all = b2b.comments.get(q.quote_id)!;
    const entry: Entity = {
      entity_id: b2b.nextId('quoteComment'), parent_id: q.quote_id, creator_type: CREATOR[by], is_decline: isDecline ? 1 : 0, is_draft: 0,
      creator_id: by === 'customer' ? (q.customer_id ?? 0) : 1, comment: body, created_at: '2024-01-01 00:00:00', attachments: [],
    };
    all.push(entry);
  };
  const create = (quoteId: number, fields: Partial<FakeNegotiableQuote>): FakeNegotiableQuote => {
    const q: FakeNegotiableQuote = { quote_id: quoteId, quote_name: '', status: 'created', customer_id: null, negotiated_price_type: null, negotiated_price_value: null, shipping_method: null, prices_updated: false, order_id: null, ...fields };
    b2b.quotes.set(quoteId, q);
    return q;
  };

  return {
    'POST /V1/negotiableQuote/request': (input) => {
      const quoteId = id(input['quoteId'], 'quoteId');
      const name = text(input, 'quoteName');
      const existing = b2b.quotes.get(quoteId);
      if (existing && existing.status !== 'created' && existing.status !== 'processing_by_customer') step(existing, ['created', 'processing_by_customer'], 'requested');
      const q = existing ?? create(quoteId, {});
      Object.assign(q, { quote_name: name, status: 'submitted_by_customer' satisfies NegotiableQuoteStatus });
      comment(q, 'customer', typeof input['comment'] === 'string' ? input['comment'] : '');
      return true;
    },
    'POST /V1/negotiableQuote/draft': (input) => {
      const customerId = id(input['customerId'], 'customerId');
      const q = create(1000 + b2b.nextId('negotiableQuote'), { customer_id: customerId, quote_name: `Draft for customer ${customerId}` });
      return q.quote_id;
    },
    'PUT /V1/negotiableQuote/{quoteId}': (input) => {
      const q = quote(input['quoteId']);
      step(q, SELLER_EDITABLE, 'edited by the seller');
      const cart = object(input, 'quote');
      const negotiable = ((cart['extension_attributes'] as Entity | undefined)?.['negotiable_quote'] ?? {}) as Entity;
      if (negotiable['negotiated_price_type'] !== undefined) q.negotiated_price_type = Number(negotiable['negotiated_price_type']);
      if (negotiable['negotiated_price_value'] !== undefined) q.negotiated_price_value = Number(negotiable['negotiated_price_value']);
      q.status = 'processing_by_admin';
      return undefined;
    },
    'PUT /V1/negotiableQuote/{quoteId}/shippingMethod': (input) => {
      const q = quote(input['quoteId']);
      step(q, SELLER_EDITABLE, 'given a shipping method');
      q.shipping_method = text(input, 'shippingMethod');
      return true;
    },
    'POST /V1/negotiableQuote/submitToCustomer': (input) => {
      const q = quote(input['quoteId']);
      step(q, SELLER_EDITABLE, 'sent to the buyer');
      q.status = 'submitted_by_admin';
      comment(q, 'admin', typeof input['comment'] === 'string' ? input['comment'] : '');
      return true;
    },
    'POST /V1/negotiableQuote/decline': (input) => {
      const q = quote(input['quoteId']);
      const reason = text(input, 'reason');
      step(q, ['submitted_by_customer', 'processing_by_admin'], 'declined');
      q.status = 'declined';
      comment(q, 'admin', reason, true);
      return true;
    },
    'POST /V1/negotiableQuote/pricesUpdated': (input) => {
      const ids = input['quoteIds'];
      if (!Array.isArray(ids)) throw required('quoteIds');
      for (const value of ids) quote(value).prices_updated = true;
      return true;
    },
    'POST /V1/negotiableQuote/{negotiableQuoteId}/duplicate': (input) => {
      const source = quote(input['negotiableQuoteId'], 'negotiableQuoteId');
      const copy = create(1000 + b2b.nextId('negotiableQuote'), { ...source, status: 'created', order_id: null, quote_name: `${source.quote_name} (copy)` });
      return copy.quote_id;
    },
    'GET /V1/negotiableQuote/{quoteId}/comments': (input) => b2b.comments.get(quote(input['quoteId']).quote_id) ?? [],
    // The buyer accepts the seller's offer by placing the order from the negotiable cart.
    'POST /V1/negotiable-carts/{cartId}/payment-information': (input) => {
      const q = quote(input['cartId'], 'cartId');
      step(q, ['submitted_by_admin'], 'ordered');
      if (!input['paymentMethod']) throw required('paymentMethod');
      q.status = 'ordered';
      q.order_id = b2b.nextId('order');
      return q.order_id;
    },
  };
}
