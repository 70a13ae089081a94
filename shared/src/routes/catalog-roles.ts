import type { Role } from '../roles';

/** Catalogue writes, images, stock limits, visibility and batches: PURCHASING and INVENTORY (and ADMIN). */
export const CATALOG_WRITERS: readonly Role[] = ['PURCHASING', 'INVENTORY'];

/** Customers and custom pricing: SALES (and ADMIN). */
export const CUSTOMER_WRITERS: readonly Role[] = ['SALES'];
