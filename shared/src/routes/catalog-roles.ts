import type { Role } from '../roles';

/** Catalogue writes, images, stock limits, visibility and batches: PURCHASING and INVENTORY (and ADMIN). */
export const CATALOG_WRITERS: readonly Role[] = ['PURCHASING', 'INVENTORY'];
