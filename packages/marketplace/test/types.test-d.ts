import { describe, expectTypeOf, it } from 'vitest';
import type { ApiCallback, ApiCallbackInput, BatchResult, MarketplaceClient, Package, PackageBatchItem, PackageInput, UserProfile, UserSummary } from '../src/index.ts';
import type { EqpStatusUpdate, MalwareScanComplete, SpecUpdateInfo } from '../src/callbacks/events.ts';

declare const market: MarketplaceClient;

describe('types', () => {
  it('keeps the callback password write-only', () => {
    expectTypeOf<ApiCallbackInput>().toHaveProperty('password');
    expectTypeOf<ApiCallback>().not.toHaveProperty('password');
    expectTypeOf<NonNullable<UserProfile['api_callbacks']>[number]>().not.toHaveProperty('password');
  });

  it('takes mage_id from the session and returns full or summary profiles', () => {
    expectTypeOf(market.users.get()).resolves.toEqualTypeOf<UserProfile>();
    expectTypeOf(market.users.get({ style: 'summary' })).resolves.toEqualTypeOf<UserSummary>();
    expectTypeOf(market.reports.users.sales).toBeCallableWith();
  });

  it('gives batch methods their BatchResult', () => {
    expectTypeOf(market.packages.submit([])).resolves.toEqualTypeOf<BatchResult<PackageInput, PackageBatchItem>>();
    // @ts-expect-error a batch is an array, even for one package
    void market.packages.submit({ name: 'x' });
  });

  it('types filters, sort and route strings', () => {
    expectTypeOf(market.request('GET /products/packages/{submission_id}', { submission_id: 'x' })).resolves.toEqualTypeOf<Package>();
    void market.packages.list({ sort: ['-created_at', '+name'], type: 'theme' });
    // @ts-expect-error not a sortable field
    void market.packages.list({ sort: '-colour' });
    // @ts-expect-error not a documented package type
    void market.packages.list({ type: 'plugin' });
    // @ts-expect-error path parameters are required
    void market.packages.get();
    // @ts-expect-error unknown route
    void market.request('GET /products/widgets');
  });

  it('paginates list routes only, yielding their items', () => {
    expectTypeOf(market.paginate('GET /products/packages').collect()).resolves.toEqualTypeOf<Package[]>();
    // @ts-expect-error not a paginated route
    void market.paginate('GET /products/packages/{submission_id}');
  });
});

describe('callback payload types follow the spec webhooks', () => {
  it('every spec update_info is accepted by the public type, and the public required fields are the spec ones', () => {
    type Spec = import('../src/callbacks/events.ts').SpecUpdateInfo;
    type Scan = import('../src/index.ts').MalwareScanComplete;
    type Status = import('../src/index.ts').EqpStatusUpdate;
    expectTypeOf<Spec['malware_scan_complete']>().toExtend<Scan>();
    expectTypeOf<Pick<Spec['eqp_status_update'], 'submission_id' | 'eqp_flow' | 'eqp_status' | 'modified_at'>>().toExtend<Pick<Status, 'submission_id' | 'eqp_flow' | 'eqp_status' | 'modified_at'>>();
    expectTypeOf<Scan['file_upload_id']>().toEqualTypeOf<Spec['malware_scan_complete']['file_upload_id']>();
  });
});

describe('delivery and review types', () => {
  it('handlers get the delivery context; waitForReview resolves a ReviewOutcome; updateOne may resolve undefined', () => {
    type Options = import('../src/index.ts').CallbackHandlerOptions;
    type Context = import('../src/index.ts').DeliveryContext;
    expectTypeOf<Parameters<NonNullable<Options['on']['eqp_status_update']>>[1]>().toEqualTypeOf<Context>();
    expectTypeOf<Context['signal']>().toEqualTypeOf<AbortSignal>();
    expectTypeOf(market.packages.waitForReview('sub1')).resolves.toEqualTypeOf<import('../src/index.ts').ReviewOutcome>();
    expectTypeOf(market.packages.updateOne({ submission_id: 's', release_notes: 'x' })).resolves.toEqualTypeOf<Package | undefined>();
    expectTypeOf<Options['idempotency']>().toEqualTypeOf<import('../src/index.ts').IdempotencyStore | false | undefined>();
  });

  it('filters on eqp_status.* take the documented status values only', () => {
    expectTypeOf(market.packages.list).toBeCallableWith({ 'eqp_status.technical': 'in_automation' });
    // @ts-expect-error not a technical status
    void market.packages.list({ 'eqp_status.technical': 'in_marketing_review' });
  });
});

describe('callback payload shapes', () => {
  // The hand-written public shapes must accept every payload the spec's webhooks section describes.
  it('accepts what the spec says update_info carries', () => {
    expectTypeOf<SpecUpdateInfo['malware_scan_complete']>().toExtend<MalwareScanComplete>();
    // eqp_status_update is normalized on the way in (item_id to a string, current_status filled from
    // the older eqp_state), so the fields are held to the spec one by one.
    type Spec = SpecUpdateInfo['eqp_status_update'];
    expectTypeOf<EqpStatusUpdate['submission_id']>().toEqualTypeOf<Spec['submission_id']>();
    expectTypeOf<NonNullable<EqpStatusUpdate['current_status']>>().toEqualTypeOf<NonNullable<Spec['current_status']>>();
    expectTypeOf<NonNullable<EqpStatusUpdate['item_id']>>().toEqualTypeOf<Extract<NonNullable<Spec['item_id']>, string>>();
    expectTypeOf<NonNullable<EqpStatusUpdate['eqp_flow']>>().toEqualTypeOf<NonNullable<Spec['eqp_flow']>>();
    expectTypeOf<NonNullable<EqpStatusUpdate['eqp_state']>>().toEqualTypeOf<NonNullable<Spec['eqp_state']>>();
    expectTypeOf<NonNullable<EqpStatusUpdate['modified_at']>>().toEqualTypeOf<NonNullable<Spec['modified_at']>>();
    expectTypeOf<NonNullable<Spec['eqp_status']>>().toExtend<NonNullable<EqpStatusUpdate['eqp_status']>>();
  });
});
