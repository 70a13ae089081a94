import { defineEntity } from '../core';

/** A product type or an extract type: a small named list (id, name, image). */
export interface NamedItem {
  id: string;
  name: string;
  image?: string;
  /** Kept by the product transactions (ADD ±1; product types only), so counts never read the products. */
  productCount: number;
  createdAt: string;
  modifiedOn: string;
}
export type ProductTypeItem = NamedItem;
export type ExtractTypeItem = NamedItem;

/**
 * Access patterns (the same for both kinds):
 * - primary: get one — pk id.
 * - all (gsi1): every one of the kind in one partition, for pickers and the read-time join of product
 *   listings (tens of items, one Query).
 */
const namedEntity = (entity: 'productType' | 'extractType') =>
  defineEntity<NamedItem>()({
    entity,
    version: '1',
    primary: { pk: ['id'], sk: [] },
    indexes: { all: { index: 'gsi1', pk: [], sk: ['id'] } },
  });

export const productTypeEntity = namedEntity('productType');
export const extractTypeEntity = namedEntity('extractType');
