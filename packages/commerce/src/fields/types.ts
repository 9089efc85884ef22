/**
 * The type level of `fields`: which selections a response type allows, and what a response looks
 * like once narrowed to a selection.
 *
 * Kept deliberately shallow (the SDK types 400+ routes): recursion stops at MAX_DEPTH levels, below
 * which any selection is accepted and the field keeps its full type. Everything here is a mapped or
 * conditional type evaluated lazily, member by member, so an unselected branch costs nothing.
 */

/** A field name, or `{ name: [...members] }` for an object (or array of objects) whose members are selected. */
export type FieldSelector = string | { readonly [name: string]: readonly FieldSelector[] };
export type FieldSelection = readonly FieldSelector[];

/** Counts nesting levels down; at 0 the type-level checks give up and accept anything. */
type Down = [0, 0, 1, 2, 3];
type MaxDepth = 4;

/** Keys written in the schema, without the `[key: string]: unknown` of open extension interfaces. */
export type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: 0 } & string;

/** Open types (extension attributes) accept any name: modules add fields the spec cannot know. */
type IsOpen<T> = string extends keyof T ? true : false;

/** The object a field leads to, looking through arrays, null and undefined. */
type Inner<V> = NonNullable<V> extends readonly (infer E)[] ? NonNullable<E> : NonNullable<V>;
type IsObject<V> = Inner<V> extends readonly unknown[] ? false : Inner<V> extends object ? true : false;

/** Fields whose value is an object or a list of objects, so they can take `name[...]`. */
type NestedKeys<T> = { [K in KnownKeys<T>]-?: IsObject<T[K]> extends true ? K : never }[KnownKeys<T>];

/**
 * `custom_attributes[...]` selects attribute codes (or `attribute_code` / `value`), not members of a
 * schema type, so any name goes.
 */
type CustomAttributes = 'custom_attributes';

/** One entry of a selection on `T`. */
type SelectorFor<T, D extends number = MaxDepth> = [D] extends [0]
  ? FieldSelector
  :
      | KnownKeys<T>
      | (IsOpen<T> extends true ? string & {} : never)
      | NestedSelector<T, D>;

type NestedSelector<T, D extends number> = {
  readonly [K in NestedKeys<T>]?: K extends CustomAttributes ? readonly string[] : SelectionFor<Inner<T[K]>, Down[D]>;
} & (IsOpen<T> extends true ? { readonly [name: string]: FieldSelection } : unknown);

/** Every selection a response type `T` allows. */
export type SelectionFor<T, D extends number = MaxDepth> = readonly SelectorFor<T, D>[];

/**
 * Rejects names `T` does not have. Assignability alone lets `{ known: [...], typo: [...] }` through
 * (an inferred type is never checked for excess properties), so the selection is compared against
 * itself with unknown names mapped to `never`.
 */
export type CheckSelection<T, F, D extends number = MaxDepth> = [D] extends [0]
  ? unknown
  : IsOpen<T> extends true
    ? unknown
    : { readonly [I in keyof F]: F[I] extends string ? unknown : CheckObject<T, F[I], D> };

type CheckObject<T, O, D extends number> = {
  readonly [K in keyof O]: K extends CustomAttributes
    ? unknown
    : K extends NestedKeys<T>
      ? CheckSelection<Inner<T[K]>, O[K], Down[D]>
      : never;
};

/** The names a selection lists at its top level, bare or bracketed. */
type NamesOf<F> = F extends readonly (infer S)[] ? (S extends string ? S : keyof S & string) : never;
/** The names a selection lists bare (the whole field). */
type WholeNames<F> = F extends readonly (infer S)[] ? Extract<S, string> : never;
/** The members selected under `name`, merged across repeated `name[...]` entries. */
type MembersOf<F, K> = F extends readonly (infer S)[] ? (S extends string ? never : K extends keyof S ? S[K] : never) : never;

/**
 * `T` narrowed to selection `F`: only the selected fields, with nested objects and arrays of objects
 * narrowed in turn. Optionality and nullability of each field are kept. A bare name keeps the whole
 * field even when the same name is also bracketed.
 */
export type Selected<T, F, D extends number = MaxDepth> = [D] extends [0]
  ? T
  : T extends readonly (infer E)[]
    ? Selected<E, F, D>[]
    : T extends object
      ? SelectedObject<T, F, D>
      : T;

type SelectedObject<T, F, D extends number> = [Extras<T, F>] extends [never]
  ? SelectedKnown<T, F, D>
  : Flatten<SelectedKnown<T, F, D> & { [K in Extras<T, F>]?: unknown }>;

type SelectedKnown<T, F, D extends number> = {
  [K in keyof T as K extends NamesOf<F> ? K : never]: K extends WholeNames<F> | CustomAttributes
    ? T[K]
    : NarrowField<T[K], MembersOf<F, K>, D>;
};

/** Names selected on an open type that the schema does not declare: present as optional `unknown`. */
type Extras<T, F> = IsOpen<T> extends true ? Exclude<NamesOf<F>, KnownKeys<T>> : never;
/** One object type instead of an intersection, so results read (and compare) as plain objects. */
type Flatten<T> = { [K in keyof T]: T[K] };

type NarrowField<V, S, D extends number> = V extends readonly (infer E)[]
  ? NarrowValue<E, S, D>[]
  : NarrowValue<V, S, D>;
type NarrowValue<V, S, D extends number> = V extends object ? Selected<V, S, Down[D]> : V;

/** Search-results wrapper fields a list selection may ask for besides the items' own. */
export type WrapperField = 'total_count' | 'search_criteria';

/** A selection on a search route: the items' fields, plus `total_count` / `search_criteria` if wanted. */
export type ListSelectionFor<Item> = readonly (SelectorFor<Item> | WrapperField)[];

/** The item type of a search-results wrapper (whose `items` the platform may send as null). */
export type ItemOf<Out> = Out extends { items: infer L } ? (NonNullable<L> extends readonly (infer E)[] ? E : never) : never;
/** `null` when the wrapper's `items` may be null (a required field of a response: docs/design.md, "Response types"). */
type NullItems<Out> = Out extends { items: infer L } ? Extract<L, null> : never;

/** A search-results wrapper narrowed to an item selection: `items` always, wrapper fields when asked. */
export type SelectedList<Out, F> = { items: Selected<ItemOf<Out>, ExcludeWrapper<F>>[] | NullItems<Out> } & {
  [K in keyof Out as K extends Extract<NamesOf<F>, WrapperField> ? K : never]: Out[K];
};
type ExcludeWrapper<F> = F extends readonly (infer S)[] ? readonly Exclude<S, WrapperField>[] : F;

/** One item of a search-results wrapper narrowed to an item selection (full item type without one). */
export type SelectedItem<Out, F> = F extends FieldSelection ? Selected<ItemOf<Out>, ExcludeWrapper<F>> : ItemOf<Out>;
