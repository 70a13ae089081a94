import Alert from '@cloudscape-design/components/alert';
import Modal from '@cloudscape-design/components/modal';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useNotifications } from '../../notifications/notifications';
import { NameFormModal } from './NameFormModal';

export interface EditProductTypeModalProps {
  typeId: string;
}

declare module '../../modals/context' {
  interface ModalPropsByName {
    EditProductType: EditProductTypeModalProps;
  }
}

/** Modal registry `EditProductType`: renames a product type or changes its image (Save only on change). */
export default function EditProductTypeModal({
  typeId,
  onDismiss,
}: EditProductTypeModalProps & { onDismiss: () => void }) {
  const notify = useNotifications();
  const types = useApiQuery('products.getProductTypes', {});
  const update = useApiMutation('products.updateProductType', {
    invalidates: ['products.getProductTypes', 'products.getProductTypesWithProductCount', 'products.getAll'],
  });
  const type = types.data?.find((t) => t.id === typeId);

  if (!type)
    return (
      <Modal visible header="Edit Product Type" onDismiss={onDismiss}>
        {types.isPending ? (
          <StatusIndicator type="loading">Loading product type</StatusIndicator>
        ) : (
          <Alert type="error" statusIconAriaLabel="Error">
            This product type could not be loaded.
          </Alert>
        )}
      </Modal>
    );

  return (
    <NameFormModal
      header="Edit Product Type"
      label="Type name"
      submitLabel="Save"
      initial={{ name: type.name, image: type.image ?? '' }}
      withImage
      requireChange
      pending={update.isPending}
      error={update.error}
      onDismiss={onDismiss}
      onSubmit={(body) =>
        update.mutate(
          { params: { id: type.id }, body },
          {
            onSuccess: (saved) => {
              notify.success(`Product type ${saved.name} updated`);
              onDismiss();
            },
            onError: (error) => console.error('Product type update failed', error),
          },
        )
      }
    />
  );
}
