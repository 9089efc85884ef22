/**
 * The fake's message queue and bulk records. An accepted async or bulk message becomes an open
 * operation (status 4) in a bulk, with the platform's serialized_data envelope whose
 * meta_information is the element's JSON; the bulk routes read their answers from here.
 *
 * Installations differ in when an operation row is stored, and the fake models both
 * (`operationStorage`): `upfront` stores every operation at acceptance with status 4; `when-worked`
 * stores a row only once a consumer has worked it. The bulk's operation_count is the number
 * accepted either way, and every status route answers from the stored rows only, so on a
 * `when-worked` installation `operation-status/4` is 0 from the start and listings omit the
 * operations nobody has worked yet, as they do on such an installation.
 *
 * Operation ids (`operationIds`): `per-bulk` (2.4, the default) numbers each bulk's operations by
 * the element's index in its request, as `WebapiAsync/Model/OperationRepository::create` does
 * (`ID => $operationId`), so ids repeat across bulks; `database` (2.3) numbers them by one
 * auto-increment over every bulk (`AsynchronousOperations/Model/MassSchedule` saved each through the
 * entity manager). Request items carry the element's index either way.
 *
 * The operation search (`GET /V1/bulk`) loads a page into a collection keyed by operation id, so a
 * page holding two operations with the same id (two bulks' operation 0, on 2.4) fails with
 * `Item (Magento\AsynchronousOperations\Model\Operation) with the same ID "0" already exists.`
 * (magento/magento2#29579, open), which production mode answers as a masked 500. The fake fails
 * the same way; a search on one bulk never hits it.
 */
import type { Searcher } from './search.ts';
import { MESSAGES, PlatformError } from './platform-errors.ts';

export type OperationStatusCode = 1 | 2 | 3 | 4 | 5;

export interface FakeOperation {
  id: number;
  bulk_uuid: string;
  topic_name: string;
  serialized_data: string;
  result_serialized_data: string | null;
  status: OperationStatusCode;
  result_message: string;
  error_code: number | null;
  start_time: string;
  /** What the consumer runs: the sync route and its flat input. */
  routeKey: string;
  input: Record<string, unknown>;
  storeCode: string | undefined;
}

export interface FakeBulk {
  uuid: string;
  description: string;
  start_time: string;
  user_id: number | null;
  user_type: number;
  operations: FakeOperation[];
}

/** When operation rows are stored: at acceptance (status 4) or only once a consumer has worked them. */
export type OperationStorage = 'upfront' | 'when-worked';

/** How operations are numbered: per bulk by request index (2.4) or by a database auto-increment (2.3). */
export type OperationIds = 'per-bulk' | 'database';

/** The exception the collection throws for a repeated id (`Framework/Data/Collection::addItem`), as #29579 reports it. */
export const DUPLICATE_OPERATION_ID = 'Item (Magento\\AsynchronousOperations\\Model\\Operation) with the same ID "%1" already exists.';

export interface QueuedElement {
  input: Record<string, unknown>;
  /** Set when the element is refused at acceptance; it then never becomes an operation. */
  rejection?: string | undefined;
}

const KNOWN_TOPICS: Record<string, string> = {
  'POST /V1/products': 'async.magento.catalog.api.productrepositoryinterface.save.post',
  'PUT /V1/products/{sku}': 'async.magento.catalog.api.productrepositoryinterface.save.put',
  'DELETE /V1/products/{sku}': 'async.magento.catalog.api.productrepositoryinterface.deletebyid.delete',
  'POST /V1/categories': 'async.magento.catalog.api.categoryrepositoryinterface.save.post',
  'PUT /V1/categories/{id}': 'async.magento.catalog.api.categoryrepositoryinterface.save.put',
  'DELETE /V1/categories/{categoryId}': 'async.magento.catalog.api.categoryrepositoryinterface.deletebyidentifier.delete',
  'POST /V1/customers': 'async.magento.customer.api.accountmanagementinterface.createaccount.post',
  'PUT /V1/customers/{customerId}': 'async.magento.customer.api.customerrepositoryinterface.save.put',
  'DELETE /V1/customers/{customerId}': 'async.magento.customer.api.customerrepositoryinterface.deletebyid.delete',
};

/** The platform names topics after the service contract; the fake derives one for the rest. */
function topicFor(routeKey: string, routeId: string): string {
  const known = KNOWN_TOPICS[routeKey];
  if (known) return known;
  const [method] = routeKey.split(' ');
  const parts = routeId.toLowerCase().split('.');
  return `async.magento.${parts[0]}.api.${parts.slice(1, -1).join('') || parts[0]}interface.${parts.at(-1)}.${method!.toLowerCase()}`;
}

/** User types (`UserContextInterface`) holding the bulk-operations ACL resource here: integrations (1) and admins (2). */
const BULK_ACL_USER_TYPES = new Set([1, 2]);

/**
 * The element as 2.4 stores it in meta_information: for a caller without the
 * `Magento_Logging::system_magento_logging_bulk_operations` resource, `WebapiAsync/Model/
 * OperationRepository::create` sets `customer.group_id = 1` (creating `customer` if the element has
 * none), so a guest cannot queue a customer into another group.
 */
function storedInput(input: Record<string, unknown>, userType: number): Record<string, unknown> {
  if (BULK_ACL_USER_TYPES.has(userType)) return input;
  const customer = input['customer'];
  return { ...input, customer: { ...(customer && typeof customer === 'object' && !Array.isArray(customer) ? customer : {}), group_id: 1 } };
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function timestamp(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').slice(0, 19);
}

export interface FakeQueue {
  readonly bulks: Map<string, FakeBulk>;
  /** Open operations in arrival order. */
  readonly pending: FakeOperation[];
  enqueue(routeKey: string, routeId: string, elements: QueuedElement[], context: { storeCode: string | undefined; userType: number; userId: number | null }): Promise<Record<string, unknown>>;
  /** Called after each enqueue (the consumer listens). */
  onEnqueue: (() => void) | undefined;
  readonly storage: OperationStorage;
  readonly operationIds: OperationIds;
  /** The operations a status route can see: all of them (`upfront`) or the worked ones (`when-worked`). */
  stored(bulk: FakeBulk): FakeOperation[];
  summary(uuid: string): Record<string, unknown>;
  detailed(uuid: string): Record<string, unknown>;
  countByStatus(uuid: string, status: number): number;
  /** `GET /V1/bulk`: the stored operations, searched by the request's searcher. */
  search(find: Searcher): unknown;
  allOperations(): FakeOperation[];
}

export function createQueue(now: () => number, storage: OperationStorage = 'upfront', operationIds: OperationIds = 'per-bulk'): FakeQueue {
  const stored = (b: FakeBulk): FakeOperation[] => (storage === 'upfront' ? b.operations : b.operations.filter((op) => op.status !== 4));
  const bulks = new Map<string, FakeBulk>();
  const pending: FakeOperation[] = [];
  let lastDatabaseId = 0;

  function bulk(uuid: string): FakeBulk {
    const found = bulks.get(uuid);
    if (!found) throw new PlatformError(404, MESSAGES.bulkMissing, [uuid]);
    return found;
  }

  function operationView(op: FakeOperation): Record<string, unknown> {
    return {
      id: op.id,
      bulk_uuid: op.bulk_uuid,
      topic_name: op.topic_name,
      serialized_data: op.serialized_data,
      result_serialized_data: op.result_serialized_data,
      status: op.status,
      result_message: op.result_message,
      error_code: op.error_code,
      extension_attributes: { start_time: op.start_time },
    };
  }

  function header(b: FakeBulk): Record<string, unknown> {
    // No extension attribute is set on a bulk: the serializer leaves the (nullable) object out.
    return { user_type: b.user_type, bulk_id: b.uuid, description: b.description, start_time: b.start_time, user_id: b.user_id, operation_count: b.operations.length };
  }

  const queue: FakeQueue = {
    bulks,
    pending,
    storage,
    operationIds,
    stored,
    onEnqueue: undefined,
    async enqueue(routeKey, routeId, elements, context) {
      const uuid = crypto.randomUUID();
      const topic = topicFor(routeKey, routeId);
      const started = timestamp(now());
      const record: FakeBulk = { uuid, description: `Topic ${topic}`, start_time: started, user_id: context.userId, user_type: context.userType, operations: [] };
      const requestItems = [];
      for (const [index, element] of elements.entries()) {
        // A rejected element never became an operation: its request item has no hash (MassSchedule's catch block sets none).
        if (element.rejection !== undefined) {
          requestItems.push({ id: index, data_hash: null, status: 'rejected', error_message: element.rejection, error_code: null });
          continue;
        }
        const stored = storedInput(element.input, context.userType);
        const meta = JSON.stringify(stored);
        const serialized = JSON.stringify({ entity_id: null, entity_link: '', meta_information: meta });
        // MassSchedule: data_hash = sha256 of the operation's serialized_data.
        const dataHash = await sha256Hex(serialized);
        const operation: FakeOperation = {
          id: operationIds === 'per-bulk' ? index : ++lastDatabaseId,
          bulk_uuid: uuid,
          topic_name: topic,
          serialized_data: serialized,
          result_serialized_data: null,
          status: 4,
          result_message: '',
          error_code: null,
          start_time: started,
          routeKey,
          input: stored, // the consumer works what was stored
          storeCode: context.storeCode,
        };
        record.operations.push(operation);
        requestItems.push({ id: index, data_hash: dataHash, status: 'accepted', error_message: null, error_code: null });
      }
      bulks.set(uuid, record);
      pending.push(...record.operations);
      queue.onEnqueue?.();
      return { bulk_uuid: uuid, request_items: requestItems, errors: requestItems.some((item) => item.status === 'rejected') };
    },
    summary(uuid) {
      const b = bulk(uuid);
      return { operations_list: stored(b).map((op) => ({ id: op.id, status: op.status, result_message: op.result_message, error_code: op.error_code })), ...header(b) };
    },
    detailed(uuid) {
      const b = bulk(uuid);
      // The detailed status loads operations without their start time: no extension attributes (the operation search joins it in).
      return { operations_list: stored(b).map((op) => { const { extension_attributes: _started, ...view } = operationView(op); void _started; return view; }), ...header(b) };
    },
    countByStatus(uuid, status) {
      return stored(bulk(uuid)).filter((op) => op.status === status).length;
    },
    search(find) {
      // start_time is filterable at the top level; the answer keeps it in extension_attributes.
      const records = [...bulks.values()].flatMap(stored).map((op) => ({ ...operationView(op), start_time: op.start_time }));
      const result = find(records);
      const ids = new Set<unknown>();
      for (const item of result.items as Record<string, unknown>[]) {
        if (ids.has(item['id'])) throw new DuplicateOperationId(String(item['id']));
        ids.add(item['id']);
      }
      return { ...result, items: result.items.map(({ start_time: _omit, ...item }) => item) };
    },
    allOperations() {
      return [...bulks.values()].flatMap((b) => b.operations);
    },
  };
  return queue;
}

/** The collection's exception for a repeated id: not a web-API exception, so production mode masks it as a 500. */
class DuplicateOperationId extends Error {
  constructor(readonly operationId: string) {
    super(DUPLICATE_OPERATION_ID.replace('%1', operationId));
    this.name = 'DuplicateOperationId';
  }
}
