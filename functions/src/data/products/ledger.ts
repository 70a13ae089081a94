import type { Transaction } from '../core';
import { type LedgerChange, addLedgerUpdate, ledgerUpdates } from '../stock-ledger';

/** Adds the stock-ledger bucket updates of some changes to a transaction, named `ledger <bucket>#<n>`. */
export function addLedgerChanges(tx: Transaction, changes: readonly LedgerChange[]): Transaction {
  ledgerUpdates(changes).forEach((update, i) => addLedgerUpdate(tx, `ledger ${update.bucket}#${i}`, update));
  return tx;
}
