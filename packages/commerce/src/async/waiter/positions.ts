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
  const meta = (parseJson(op.serialized_data) as { meta_information?: unknown } | null | undefined)?.meta_information;
  return parseJson(meta) ?? meta;
}

/** JSON text parsed; undefined for anything else (not a string, empty, not JSON). */
export function parseJson(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // not JSON: undefined, below
  }
  return undefined;
}

/**
 * Key order does not matter: the platform re-serializes what it deserialized. As in JSON, a key
 * whose value is undefined is left out (the queued copy never has it) and an undefined element is null.
 */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const entries = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson(record[key])}`);
    // Stryker disable next-line StringLiteral: each entry starts with a quoted key, so without the comma two objects still never render alike
    const body = entries.join(',');
    return `{${body}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The content an operation is compared by. `customer.group_id` is left out: for a caller without
 * the bulk-operations ACL resource, 2.4 stores every element with `customer.group_id = 1`
 * (`WebapiAsync/Model/OperationRepository::create`), so the stored copy need not match the input there.
 */
function contentKey(value: unknown): string {
  // A primitive has no `customer` either: only null and arrays need keeping out.
  if (value && !Array.isArray(value)) {
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
    // Stryker disable next-line ConditionalExpression: free holds numbers only, so free.has(undefined) is false as well
    if (byId !== undefined && free.has(byId) && agrees(plan, op, byId)) take(op, byId);
    else unplaced.push(op);
  }
  // Stryker disable next-line ConditionalExpression: a shortcut (no content keys built for every free position); with nothing unplaced the steps below place nothing
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
      // Each free position is in one content list, once: one shifted out is still free.
      if (position !== undefined) {
        take(op, position);
        unplaced.splice(unplaced.indexOf(op), 1);
      }
    }
  }
  // free keeps positionsOf's ascending order.
  const rest = [...free];
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
