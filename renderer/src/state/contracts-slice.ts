/**
 * What changed in a server's contract since its previous connection (the core's
 * `contract-changed` event), kept until the user dismisses it or the next change replaces it.
 */
import type { StateCreator } from 'zustand';
import type { ContractChange } from '../../../shared/contracts';
import { withEntry, withoutEntry } from './per-server';
import type { WorkbenchState } from './store';

export interface ContractsSlice {
  contractChanges: Record<string, ContractChange[]>;
  applyContractChanges(server: string, changes: ContractChange[]): void;
  dismissContractChanges(server: string): void;
}

export const createContractsSlice: StateCreator<WorkbenchState, [], [], ContractsSlice> = (set) => ({
  contractChanges: {},
  applyContractChanges: (server, changes) => set((state) => ({ contractChanges: withEntry(state.contractChanges, server, () => changes) })),
  dismissContractChanges: (server) => set((state) => ({ contractChanges: withoutEntry(state.contractChanges, server) })),
});
