/** What the order screens say about credit holds (issue 23, section 2). */
export const CREDIT_HOLD_TEXT = {
  previewHeader: 'This order will be saved on credit hold',
  releaseFirst: 'An administrator releases it before it moves past Received.',
  heldSince: (date: string) => `On credit hold since ${date}`,
  release: 'Release hold',
  cancel: 'Cancel',
  noteLabel: 'Why is the hold released?',
  released: (orderNum: string) => `Credit hold on order ${orderNum} released.`,
  releaseFailed: 'The hold was not released. Try again.',
  releasedLine: (date: string, by: string, note: string) => `Credit hold released ${date} by ${by}: ${note}`,
  saveFirst: 'Save the order first: releasing the hold reloads it',
  submittedOnHold: (reason: string) => `Saved on credit hold: ${reason}.`,
} as const;
