import { useApiMutation } from '../../api/hooks';
import { useNotifications } from '../../notifications/notifications';
import { NameFormModal } from './NameFormModal';

export type AddProductTypeModalProps = Record<string, never>;

declare module '../../modals/context' {
  interface ModalPropsByName {
    AddProductType: AddProductTypeModalProps;
  }
}

const TYPE_ROUTES = ['products.getProductTypes', 'products.getProductTypesWithProductCount'] as const;

/** Modal registry `AddProductType`: 'Add New Product Type' (name required, image optional). */
export default function AddProductTypeModal({ onDismiss }: { onDismiss: () => void }) {
  const notify = useNotifications();
  const create = useApiMutation('products.addNewProductType', { invalidates: [...TYPE_ROUTES] });
  return (
    <NameFormModal
      header="Add New Product Type"
      label="Type name"
      submitLabel="Add type"
      initial={{ name: '', image: '' }}
      withImage
      requireChange={false}
      pending={create.isPending}
      error={create.error}
      onDismiss={onDismiss}
      onSubmit={(body) =>
        create.mutate(
          { body },
          {
            onSuccess: (type) => {
              notify.success(`Product type ${type.name} added`);
              onDismiss();
            },
            onError: (error) => console.error('Product type create failed', error),
          },
        )
      }
    />
  );
}
