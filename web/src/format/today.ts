import { defaultDeliveryDate } from '@bo/shared';

/** Today in the browser's time zone, `YYYY-MM-DD` (spec section 4: a new order's delivery date; a payment's date). */
export const today = (): string =>
  defaultDeliveryDate(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
