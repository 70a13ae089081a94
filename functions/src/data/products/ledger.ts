import type { Transaction } from '../core';
import { type LedgerChange, ledgerItem, ledgerUpdates } from '../stock-ledger';

/** Adds the stock-ledger bucket updates of some changes to a transaction, named `ledger <bucket>#<n>`. */
export function addLedgerChanges(tx: Transaction, changes: readonly LedgerChange[]): Transaction {
  ledgerUpdates(changes).forEach((update, i) => tx.raw(`ledger ${update.bucket}#${i}`, ledgerItem(update)));
  return tx;
}
