import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ModalName } from './names';
import type { ConfirmationModalProps } from './ConfirmationModal';
import type { EditUserModalProps } from '../pages/users/EditUserModal';
import type { ImageSelectionModalProps } from './ImageSelectionModal';
import type { AddBrandModalProps } from '../pages/brands/AddBrandModal';
import type { AddExtractTypeModalProps } from '../pages/brands/AddExtractTypeModal';
import type { AddProductTypeModalProps } from '../pages/brands/AddProductTypeModal';
import type { EditBrandsModalProps } from '../pages/brands/EditBrandsModal';
import type { EditBrandStockLimitsModalProps } from '../pages/brands/EditBrandStockLimitsModal';
import type { EditProductTypeModalProps } from '../pages/brands/EditProductTypeModal';
import type { ManageBrandCatalogModalProps } from '../pages/brands/ManageBrandCatalogModal';
import type { AddProductModalProps, EditProductModalProps } from '../pages/products/ProductFormModal';
import type { SaveFilterModalProps } from '../pages/products/SaveFilterModal';
import type { ViewProductModalProps } from '../pages/products/ViewProductModal';
import type { ViewStockHistoryModalProps } from '../pages/products/ViewStockHistoryModal';
import type { AddCustomerModalProps, EditCustomerModalProps } from '../pages/customers/CustomerFormModal';
import type { EditCustomerPricingModalProps } from '../pages/customers/EditCustomerPricingModal';
import type { RefreshAllCustomPricingModalProps } from '../pages/customers/RefreshAllCustomPricingModal';
import type { RefreshCustomPricingModalProps } from '../pages/customers/RefreshCustomPricingModal';
import type { ViewCustomerOrdersModalProps } from '../pages/customers/ViewCustomerOrdersModal';
import type { NewOrderModalProps } from '../pages/orders/NewOrderModal';
import type { EditOrderModalProps } from '../pages/orders/EditOrderModal';

/**
 * The dialogs that exist, by spec name, with the props `openModal` takes for each.
 * Adding a dialog: one entry here and one in `modalRegistry` (each loads on first open).
 */
export interface ModalPropsByName {
  EditUser: EditUserModalProps;
  Confirmation: ConfirmationModalProps;
  ImageSelection: ImageSelectionModalProps;
  AddBrand: AddBrandModalProps;
  EditBrands: EditBrandsModalProps;
  AddProductType: AddProductTypeModalProps;
  EditProductType: EditProductTypeModalProps;
  AddExtractType: AddExtractTypeModalProps;
  EditBrandStockLimits: EditBrandStockLimitsModalProps;
  ManageBrandCatalog: ManageBrandCatalogModalProps;
  AddProduct: AddProductModalProps;
  EditProduct: EditProductModalProps;
  ViewProduct: ViewProductModalProps;
  ViewStockHistory: ViewStockHistoryModalProps;
  AddProductFilter: SaveFilterModalProps;
  AddInventoryFilter: SaveFilterModalProps;
  AddCustomer: AddCustomerModalProps;
  EditCustomer: EditCustomerModalProps;
  EditCustomerPricing: EditCustomerPricingModalProps;
  RefreshCustomPricing: RefreshCustomPricingModalProps;
  RefreshAllCustomPricing: RefreshAllCustomPricingModalProps;
  ViewCustomerOrders: ViewCustomerOrdersModalProps;
  NewOrder: NewOrderModalProps;
  EditOrder: EditOrderModalProps;
}

export type RegisteredModal = keyof ModalPropsByName;

/** What a registered dialog component receives: its props plus `onDismiss`, which closes it. */
export type ModalComponentProps<N extends RegisteredModal> = ModalPropsByName[N] & { onDismiss: () => void };

/** Keyed by registered name; a name outside the spec's list fails to compile (its entry would have to be `never`). */
type Registry = { [N in RegisteredModal]: LazyExoticComponent<ComponentType<ModalComponentProps<N>>> } & Record<
  Exclude<RegisteredModal, ModalName>,
  never
>;

export const modalRegistry: Registry = {
  EditUser: lazy(() => import('../pages/users/EditUserModal')),
  Confirmation: lazy(() => import('./ConfirmationModal')),
  ImageSelection: lazy(() => import('./ImageSelectionModal')),
  AddBrand: lazy(() => import('../pages/brands/AddBrandModal')),
  EditBrands: lazy(() => import('../pages/brands/EditBrandsModal')),
  AddProductType: lazy(() => import('../pages/brands/AddProductTypeModal')),
  EditProductType: lazy(() => import('../pages/brands/EditProductTypeModal')),
  AddExtractType: lazy(() => import('../pages/brands/AddExtractTypeModal')),
  EditBrandStockLimits: lazy(() => import('../pages/brands/EditBrandStockLimitsModal')),
  ManageBrandCatalog: lazy(() => import('../pages/brands/ManageBrandCatalogModal')),
  AddProduct: lazy(() => import('../pages/products/ProductFormModal')),
  EditProduct: lazy(() => import('../pages/products/ProductFormModal').then((m) => ({ default: m.EditProductModal }))),
  ViewProduct: lazy(() => import('../pages/products/ViewProductModal')),
  ViewStockHistory: lazy(() => import('../pages/products/ViewStockHistoryModal')),
  AddProductFilter: lazy(() => import('../pages/products/SaveFilterModal')),
  AddInventoryFilter: lazy(() =>
    import('../pages/products/SaveFilterModal').then((m) => ({ default: m.AddInventoryFilterModal })),
  ),
  AddCustomer: lazy(() => import('../pages/customers/CustomerFormModal')),
  EditCustomer: lazy(() =>
    import('../pages/customers/CustomerFormModal').then((m) => ({ default: m.EditCustomerModal })),
  ),
  EditCustomerPricing: lazy(() => import('../pages/customers/EditCustomerPricingModal')),
  RefreshCustomPricing: lazy(() => import('../pages/customers/RefreshCustomPricingModal')),
  RefreshAllCustomPricing: lazy(() => import('../pages/customers/RefreshAllCustomPricingModal')),
  ViewCustomerOrders: lazy(() => import('../pages/customers/ViewCustomerOrdersModal')),
  NewOrder: lazy(() => import('../pages/orders/NewOrderModal')),
  EditOrder: lazy(() => import('../pages/orders/EditOrderModal')),
};
