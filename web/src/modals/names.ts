/**
 * Every dialog of the product, by the names of the spec (section 2, "Modal registry").
 * `ModalPropsByName` in `registry.tsx` says which of them exist so far and what props each takes.
 */
export const MODAL_NAMES = [
  'AddInventoryFilter',
  'AddProductFilter',
  'EditUser',
  'AddProduct',
  'EditProduct',
  'ViewProduct',
  'AddBrand',
  'EditBrands',
  'AddProductType',
  'EditProductType',
  'AddExtractType',
  'AddCustomer',
  'ViewCustomerOrders',
  'EditCustomerPricing',
  'RefreshCustomPricing',
  'RefreshAllCustomPricing',
  'EditCustomer',
  'NewOrder',
  'EditOrder',
  'NewPurchaseOrder',
  'EditPurchaseOrder',
  'AddPayment',
  'EditPayment',
  'ImageSelection',
  'Confirmation',
  'PackingLocation',
  'CalculateCommission',
  'ManageReimbursements',
  'ManageBrandCatalog',
  'ViewStockHistory',
  'EditBrandStockLimits',
  'CustomerStatement',
  'BatchStatements',
  'ReturnItems',
  'ConfirmRestock',
  'CustomerReturns',
] as const;

export type ModalName = (typeof MODAL_NAMES)[number];
