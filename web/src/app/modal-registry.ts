import { lazy } from 'react';
import type { ModalRegistry } from '../modals/context';

/**
 * Every dialog by its spec name, each loaded on first open. A dialog declares its props beside its component
 * (see `ModalPropsByName`); this map only says where to load it from, so the dialogs' modules and the modal
 * context never import this file.
 */
export const modalRegistry: ModalRegistry = {
  EditUser: lazy(() => import('../pages/users/EditUserModal')),
  Confirmation: lazy(() => import('../components/ConfirmationModal')),
  ImageSelection: lazy(() => import('../components/ImageSelectionModal')),
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
  CustomerStatement: lazy(() => import('../pages/customers/statements/CustomerStatementModal')),
  BatchStatements: lazy(() => import('../pages/customers/statements/BatchStatementsModal')),
  CustomerReturns: lazy(() => import('../pages/customers/CustomerReturnsModal')),
  NewOrder: lazy(() => import('../pages/orders/NewOrderModal')),
  EditOrder: lazy(() => import('../pages/orders/EditOrderModal')),
  ReturnItems: lazy(() => import('../pages/orders/returns/ReturnItemsModal')),
  ConfirmRestock: lazy(() => import('../pages/orders/returns/ConfirmRestockModal')),
  NewPurchaseOrder: lazy(() => import('../pages/purchases/editor/NewPurchaseOrderModal')),
  EditPurchaseOrder: lazy(() => import('../pages/purchases/editor/EditPurchaseOrderModal')),
  AddPayment: lazy(() => import('../pages/payments/dialog/PaymentModal')),
  EditPayment: lazy(() =>
    import('../pages/payments/dialog/PaymentModal').then((m) => ({ default: m.EditPaymentModal })),
  ),
  CalculateCommission: lazy(() => import('../pages/payroll/commission/CalculateCommissionModal')),
  ManageReimbursements: lazy(() => import('../pages/payroll/reimbursements/ManageReimbursementsModal')),
  RejectCollection: lazy(() => import('../pages/payments/collections/RejectCollectionModal')),
};
