/**
 * Ties listed operations back to input positions. Since 2.4 the platform numbers a bulk's
 * operations by the element's index in its request (`WebapiAsync/Model/OperationRepository::create`
 * sets `ID => $operationId`), which the acceptance echoed as request item ids; the SDK maps those
 * to the caller's positions. 2.3 answered database ids (`AsynchronousOperations/Model/MassSchedule`
 * saved each operation through the entity manager), which can overlap 0..n-1 without meaning it,
 * so whenever the inputs are known a placement by id is checked against the operation's
 * meta_information, and an operation whose content disagrees (or whose id is not a request id) is
 * placed by content: its meta_information against the inputs the job kept. What neither places
 * takes the free positions in id order (right for bare UUIDs, where the position is the
 * operation's index in its bulk; a guess for a job rebuilt without its inputs from a 2.3 platform).
 */
import type { RawOperation } from './outcome.ts';
import type { TrackedBulk, WaitPlan } from './targets.ts';

/** The queued element: `serialized_data` is a JSON envelope whose `meta_information` is the element's JSON. */
export function queuedInput(op: RawOperation): unknown {
  const envelope = parseJson(op.serialized_data);
  const meta = envelope && typeof envelope === 'object' ? (envelope as { meta_information?: unknown }).meta_information : undefined;
  return typeof meta === 'string' ? (parseJson(meta) ?? meta) : meta;
}

export function parseJson(text: string | null | undefined): unknown {
  if (typeof text !== 'string' || !text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Key order does not matter: the platform re-serializes what it deserialized. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The content an operation is compared by. `customer.group_id` is left out: for a caller without
 * the bulk-operations ACL resource, 2.4 stores every element with `customer.group_id = 1`
 * (`WebapiAsync/Model/OperationRepository::create`), so the stored copy need not match the input there.
 */
function contentKey(value: unknown): string {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const customer = (value as Record<string, unknown>)['customer'];
    if (customer && typeof customer === 'object' && !Array.isArray(customer) && 'group_id' in customer) {
      const { group_id: _ignored, ...rest } = customer as Record<string, unknown>;
      const trimmed: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      if (Object.keys(rest).length) trimmed['customer'] = rest;
      else delete trimmed['customer'];
      return stableJson(trimmed);
    }
  }
  return stableJson(value);
}

/** Every input position the bulk holds: its accepted elements (job, acceptance) or 0..count-1 (bare UUID). */
export function positionsOf(bulk: TrackedBulk): number[] {
  if (bulk.positions) return [...bulk.positions.values()].sort((a, b) => a - b);
  return Array.from({ length: bulk.operations ?? 0 }, (_, i) => i);
}

/** Places `ops` (all of one bulk) at input positions; `taken` is shared so no position is used twice. */
export function placeOperations(plan: WaitPlan, bulk: TrackedBulk, ops: readonly RawOperation[], taken: Set<number> = new Set()): Map<RawOperation, number> {
  const placed = new Map<RawOperation, number>();
  const free = new Set(positionsOf(bulk).filter((p) => !taken.has(p)));
  const take = (op: RawOperation, position: number) => {
    placed.set(op, position);
    free.delete(position);
    taken.add(position);
  };
  const unplaced: RawOperation[] = [];
  for (const op of ops) {
    const byId = bulk.positions ? bulk.positions.get(op.id) : op.id;
    if (byId !== undefined && free.has(byId) && agrees(plan, op, byId)) take(op, byId);
    else unplaced.push(op);
  }
  if (unplaced.length === 0) return placed;

  // By content: each remaining input once, in position order.
  if (plan.inputs) {
    const byContent = new Map<string, number[]>();
    for (const position of free) {
      const key = contentKey(plan.inputs(position));
      byContent.set(key, [...(byContent.get(key) ?? []), position]);
    }
    for (const op of [...unplaced]) {
      const queued = queuedInput(op);
      const position = queued === undefined ? undefined : byContent.get(contentKey(queued))?.shift();
      if (position !== undefined && free.has(position)) {
        take(op, position);
        unplaced.splice(unplaced.indexOf(op), 1);
      }
    }
  }
  const rest = [...free].sort((a, b) => a - b);
  [...unplaced].sort((a, b) => a.id - b.id).forEach((op, i) => {
    const position = rest[i];
    if (position !== undefined) take(op, position);
  });
  return placed;
}

/**
 * Whether placing `op` at `position` by its id agrees with what was queued there. Without the
 * inputs, or without the operation's meta_information in the listing, the id is all there is.
 */
function agrees(plan: WaitPlan, op: RawOperation, position: number): boolean {
  if (!plan.inputs) return true;
  const queued = queuedInput(op);
  if (queued === undefined) return true;
  return contentKey(queued) === contentKey(plan.inputs(position));
}
