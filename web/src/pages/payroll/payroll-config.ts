import type { CollectionPreferencesProps } from '@cloudscape-design/components/collection-preferences';

/** The pay period table: its columns' widths, which show by default, the sticky columns and preferences. */

export type PayrollColumnId =
  | 'name'
  | 'payType'
  | 'baseRate'
  | 'hoursWorked'
  | 'totalBasePay'
  | 'commission'
  | 'bonus'
  | 'reimbursement'
  | 'totalPay';

export interface PayrollColumn {
  id: PayrollColumnId;
  /** The name in Preferences. */
  label: string;
  /** Wide enough for the column's input (a rate such as 2083.33) or its header's longest word. */
  width: number;
  /** Shown until the user chooses otherwise in Preferences. */
  visible: boolean;
}

// The table is about 925 px wide at 1280 px with the side navigation open, and every cell has 40 px of padding:
// nine columns with usable inputs do not fit, and the last ones scrolled under the sticky total pay
// ('Re' / '$6' for Reimbursement). So Total base pay (base rate × hours, also counted in Total pay) is off by
// default; the eight others fit (890 px) and nothing scrolls. Preferences turns it back on, and the table then
// scrolls sideways between the sticky name and total pay.
export const PAYROLL_COLUMNS: readonly PayrollColumn[] = [
  { id: 'name', label: 'Name', width: 115, visible: true },
  { id: 'payType', label: 'Pay type', width: 125, visible: true },
  { id: 'baseRate', label: 'Base rate', width: 100, visible: true },
  { id: 'hoursWorked', label: 'Hours', width: 85, visible: true },
  { id: 'totalBasePay', label: 'Total base pay', width: 105, visible: false },
  { id: 'commission', label: 'Commission', width: 120, visible: true },
  { id: 'bonus', label: 'Bonus', width: 95, visible: true },
  { id: 'reimbursement', label: 'Reimbursement', width: 140, visible: true },
  { id: 'totalPay', label: 'Total pay', width: 110, visible: true },
];

export const payrollColumnWidth = (id: PayrollColumnId): number => PAYROLL_COLUMNS.find((c) => c.id === id)!.width;

/** When the table scrolls (extra columns, a narrower window), the name and the total pay stay in view. */
export const PAYROLL_STICKY_COLUMNS = { first: 1, last: 1 } as const;

export const PAYROLL_DEFAULT_PREFERENCES: CollectionPreferencesProps.Preferences = {
  contentDisplay: PAYROLL_COLUMNS.map((c) => ({ id: c.id, visible: c.visible })),
};

export const PAYROLL_DISPLAY_OPTIONS: CollectionPreferencesProps.ContentDisplayOption[] = PAYROLL_COLUMNS.map((c) => ({
  id: c.id,
  label: c.label,
  alwaysVisible: c.id === 'name' || c.id === 'totalPay',
}));

export const PAYROLL_PREFERENCES_KEY = 'bo.payroll.table.preferences.v1';
