/**
 * State a form field keeps beside the value (the option picked, text typed that is not yet
 * a number) and the ids of array items. Both belong to the value the user is editing: when
 * the value is replaced from outside (another history entry, the JSON edited), `revision`
 * changes and they start again from the new value.
 */
import { useRef, useState } from 'react';

/** Like useState, but forgotten (back to undefined) when the form's value is replaced from outside. */
export function useFieldState<T>(revision: number): [T | undefined, (next: T | undefined) => void] {
  const [state, setState] = useState<{ value: T | undefined; revision: number }>({ value: undefined, revision });
  const current = state.revision === revision ? state.value : undefined;
  return [current, (value) => setState({ value, revision })];
}

let lastItemId = 0;
const freshId = () => `item-${++lastItemId}`;

export interface ItemIds {
  /** One stable id per item, for React keys, so an item's field state moves with the item. */
  ids: readonly string[];
  /** Call before removing item `index` from the value. */
  remove(index: number): void;
  /** Call before moving item `from` to `to` in the value. */
  move(from: number, to: number): void;
  /** Call before appending an item to the value. */
  add(): void;
}

/**
 * Ids for the items of an array of `length`: kept through the form's own add, remove and
 * move; new for every item when the value is replaced from outside.
 */
export function useItemIds(length: number, revision: number): ItemIds {
  const state = useRef<{ ids: string[]; revision: number } | undefined>(undefined);
  if (!state.current || state.current.revision !== revision) state.current = { ids: Array.from({ length }, freshId), revision };
  const ids = state.current.ids;
  // A length the form did not make (an item added in the JSON while its ids were kept): fit the ids to it.
  if (ids.length > length) ids.splice(length);
  while (ids.length < length) ids.push(freshId());
  return {
    ids: [...ids],
    remove: (index) => void ids.splice(index, 1),
    move: (from, to) => {
      const [id] = ids.splice(from, 1);
      ids.splice(to, 0, id!);
    },
    add: () => void ids.push(freshId()),
  };
}
