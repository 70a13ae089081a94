import type { ProductType } from '@bo/shared';
import type { NamedItem } from './entity';

export type NamedKind = 'productType' | 'extractType';

export const NAMED_LABELS = { name: 'Name', image: 'Image' } as const;
export const KIND_NAME: Record<NamedKind, string> = { productType: 'Product type', extractType: 'Extract type' };

export type NamedInput = {
  name: string;
  image?: string;
};

export const toNamed = (item: NamedItem): ProductType => ({
  id: item.id,
  name: item.name,
  ...(item.image ? { image: item.image } : {}),
});
