import { BadRequestError } from '../../domain';
import { batchGet } from '../core';
import { type BrandItem, getBrandItem, productLineEntity } from '../brands';
import { type ProductTypeItem, getNamedItem } from '../product-types';

export interface References {
  brand: BrandItem;
  type: ProductTypeItem;
}

/** Brand, type, extract type and product lines must exist: 400 with the missing one's name. */
export async function checkReferences(input: {
  brandID: string;
  typeID: string;
  extractTypeID?: string;
  productLineIDs?: string[];
}): Promise<References> {
  const lineIds = [...new Set(input.productLineIDs ?? [])];
  const [brand, type, extract, lines] = await Promise.all([
    getBrandItem(input.brandID),
    getNamedItem('productType', input.typeID),
    input.extractTypeID ? getNamedItem('extractType', input.extractTypeID) : undefined,
    batchGet(
      productLineEntity,
      lineIds.map((lineId) => ({ brandId: input.brandID, lineId })),
    ),
  ]);
  if (!brand) throw new BadRequestError('Brand not found');
  if (!type) throw new BadRequestError('Type not found');
  if (input.extractTypeID && !extract) throw new BadRequestError('Extract type not found');
  if (lines.length !== lineIds.length) throw new BadRequestError('Product line not found');
  return { brand, type };
}
