/** A difference between two contract snapshots of a server (see docs/contracts.md). */
export const CHANGE_KINDS = ['breaking', 'additive', 'changed'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export interface ContractChange {
  kind: ChangeKind;
  /** Which snapshot `pointer` points into: the older one for what was removed, else the newer. */
  in: 'before' | 'after';
  /** A JSON pointer (RFC 6901) into that snapshot. */
  pointer: string;
  message: string;
}
