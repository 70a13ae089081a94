import { shortOrderNumber } from '../../../components/orders/order-display';

/** What the return screens of an order say (issue 23, section 3). */
export const RETURN_ITEMS_TEXT = {
  title: (orderNum: string) => `Return items from order ${shortOrderNumber(orderNum)}`,
  loading: 'Loading the order',
  loadFailed: 'The order or its returns could not be loaded.',
  linesLabel: 'Products on this order',
  product: 'Product',
  sold: 'Sold',
  returned: 'Returned',
  returnable: 'Returnable',
  quantity: 'Quantity',
  disposition: 'Disposition',
  quantityLabel: (name: string) => `Quantity of ${name} to return`,
  dispositionLabel: (name: string) => `Disposition of ${name}`,
  wholeNumber: 'Enter a whole number',
  atMost: (n: number) => `At most ${n}`,
  nothingLeft: 'All returned',
  reason: 'Reason',
  reasonDescription: 'Why the goods came back. It is printed on the credit note.',
  settlement: 'Settlement',
  creditDescription: "Beyond what the order still owes, to the customer's credit.",
  refundDescription: 'Beyond what the order still owes, paid back to the customer.',
  method: 'Refund method',
  methodPlaceholder: 'Choose how the money goes back',
  notes: 'Notes',
  notesHint: 'optional',
  preview: 'What this will do',
  chooseLines: 'Enter how many units of each product came back.',
  balance: (orderNum: string, before: string, after: string) =>
    `Order ${shortOrderNumber(orderNum)} owes ${before} → ${after}`,
  balanceUnchanged: (orderNum: string, before: string) =>
    `Order ${shortOrderNumber(orderNum)} owes ${before} (unchanged: nothing is owed)`,
  toCredit: (amount: string) => `${amount} to the customer's credit`,
  paidBack: (amount: string, method: string) => `${amount} paid back to the customer${method ? ` by ${method}` : ''}`,
  stock: (restocked: number, writtenOff: number) =>
    [
      restocked > 0 ? `${restocked} ${restocked === 1 ? 'unit goes' : 'units go'} back into stock` : '',
      writtenOff > 0 ? `${writtenOff} ${writtenOff === 1 ? 'unit is' : 'units are'} written off` : '',
    ]
      .filter(Boolean)
      .join('; '),
  cancel: 'Cancel',
  submit: 'Return items',
  submitting: 'Returning items',
  failed: 'The return was not made',
  retry: 'Try again.',
  done: (creditNoteNum: string, amount: string, orderNum: string) =>
    `Credit note ${creditNoteNum} of ${amount} made for order ${shortOrderNumber(orderNum)}.`,
  doneNoAmount: (creditNoteNum: string, orderNum: string) =>
    `Credit note ${creditNoteNum} made for order ${shortOrderNumber(orderNum)}.`,
} as const;

export const ORDER_RETURNS_TEXT = {
  title: 'Returns',
  saveFirst: 'Save the order first: a return reloads it',
  allReturned: 'Every unit of this order was already returned',
  tableLabel: (orderNum: string) => `Returns of order ${shortOrderNumber(orderNum)}`,
} as const;

export const CONFIRM_RESTOCK_TEXT = {
  title: (creditNoteNum: string) => `Confirm restock of ${creditNoteNum}`,
  intro: 'Confirm that these units are back on the shelf:',
  note: 'Note',
  notesHint: 'optional',
  confirm: 'Confirm restock',
  cancel: 'Cancel',
  failed: 'The restock was not confirmed',
  done: (creditNoteNum: string) => `Restock of credit note ${creditNoteNum} confirmed.`,
} as const;
