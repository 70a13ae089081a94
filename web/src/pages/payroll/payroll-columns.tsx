import Button from '@cloudscape-design/components/button';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import { formatUsd, PAY_TYPES, toCents, type PayrollRow, type PayType } from '@bo/shared';
import {
  cellProblem,
  cellsOf,
  editedRow,
  isChanged,
  previewOf,
  type EditableField,
  type RowEdits,
} from './payroll-edits';
import { PAY_TYPE_LABELS } from '../../format/labels';
import { payrollColumnWidth } from './payroll-config';

const payTypeOption = (p: PayType) => ({ value: p, label: PAY_TYPE_LABELS[p] });

export interface PayrollTableActions {
  edits: RowEdits;
  /** False for a submitted period (or a reader): the cells are text. */
  editable: boolean;
  onEdit: (userId: string, field: EditableField, value: string) => void;
  onCalculate: (row: PayrollRow) => void;
  onReimbursements: (row: PayrollRow) => void;
}

/** A cell marked when its value differs from the saved row (spec section 2: changed cells highlighted). */
function Cell({ changed, children }: { changed: boolean; children: React.ReactNode }) {
  return (
    <div className={changed ? 'payroll-cell payroll-cell-changed' : 'payroll-cell'} data-changed={changed}>
      {children}
    </div>
  );
}

const LABELS = { baseRate: 'Base rate', hoursWorked: 'Hours', bonus: 'Bonus' } as const;

function figure(field: keyof typeof LABELS, a: PayrollTableActions): TableProps.ColumnDefinition<PayrollRow> {
  return {
    id: field,
    header: LABELS[field],
    width: payrollColumnWidth(field),
    cell: (row) => {
      const changed = isChanged(row, a.edits, field);
      if (!a.editable)
        return (
          <Cell changed={false}>{field === 'hoursWorked' ? row.hoursWorked : formatUsd(toCents(row[field]))}</Cell>
        );
      const problem = cellProblem(row, a.edits, field);
      return (
        <Cell changed={changed}>
          <Input
            value={cellsOf(row, a.edits)[field]}
            inputMode="decimal"
            invalid={problem !== undefined}
            ariaLabel={`${LABELS[field]} of ${row.name}`}
            onChange={({ detail }) => a.onEdit(row.id, field, detail.value)}
          />
        </Cell>
      );
    },
  };
}

/** The period table: a row per user; pay type, base rate, hours and bonus editable; the totals previewed. */
export function payrollColumns(a: PayrollTableActions): TableProps.ColumnDefinition<PayrollRow>[] {
  const preview = (row: PayrollRow) => previewOf(editedRow(row, a.edits));
  return [
    { id: 'name', width: payrollColumnWidth('name'), header: 'Name', cell: (row) => row.name, isRowHeader: true },
    {
      id: 'payType',
      width: payrollColumnWidth('payType'),
      header: 'Pay type',
      cell: (row) => {
        const value = cellsOf(row, a.edits).payType;
        if (!a.editable) return PAY_TYPE_LABELS[row.payType];
        return (
          <Cell changed={isChanged(row, a.edits, 'payType')}>
            <Select
              ariaLabel={`Pay type of ${row.name}`}
              data-testid={`pay-type-${row.id}`}
              expandToViewport
              selectedOption={payTypeOption(value)}
              options={PAY_TYPES.map(payTypeOption)}
              onChange={({ detail }) => a.onEdit(row.id, 'payType', detail.selectedOption.value ?? value)}
            />
          </Cell>
        );
      },
    },
    figure('baseRate', a),
    figure('hoursWorked', a),
    {
      id: 'totalBasePay',
      width: payrollColumnWidth('totalBasePay'),
      header: 'Total base pay',
      cell: (row) => <span data-testid={`base-pay-${row.id}`}>{formatUsd(preview(row).totalBasePay)}</span>,
    },
    {
      id: 'commission',
      width: payrollColumnWidth('commission'),
      header: 'Commission',
      cell: (row) => (
        <SpaceBetween size="xxxs">
          <span>{formatUsd(toCents(row.commission))}</span>
          <Button
            variant="inline-link"
            ariaLabel={`Calculate commission of ${row.name}`}
            onClick={() => a.onCalculate(row)}
          >
            {a.editable ? 'Calculate' : 'View'}
          </Button>
        </SpaceBetween>
      ),
    },
    figure('bonus', a),
    {
      id: 'reimbursement',
      width: payrollColumnWidth('reimbursement'),
      header: 'Reimbursement',
      cell: (row) => (
        <Button
          variant="inline-link"
          ariaLabel={`Reimbursements of ${row.name}: ${formatUsd(toCents(row.reimbursement))}`}
          onClick={() => a.onReimbursements(row)}
        >
          {formatUsd(toCents(row.reimbursement))}
        </Button>
      ),
    },
    {
      id: 'totalPay',
      width: payrollColumnWidth('totalPay'),
      header: 'Total pay',
      cell: (row) => <strong data-testid={`total-pay-${row.id}`}>{formatUsd(preview(row).totalPay)}</strong>,
    },
  ];
}
