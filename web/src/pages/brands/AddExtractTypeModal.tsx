import { useApiMutation } from '../../api/hooks';
import { useNotifications } from '../../notifications/notifications';
import { NameFormModal } from './NameFormModal';

export type AddExtractTypeModalProps = Record<string, never>;

declare module '../../modals/context' {
  interface ModalPropsByName {
    AddExtractType: AddExtractTypeModalProps;
  }
}

/** Modal registry `AddExtractType`: 'Add New Extract Type' (name required). */
export default function AddExtractTypeModal({ onDismiss }: { onDismiss: () => void }) {
  const notify = useNotifications();
  const create = useApiMutation('products.addNewExtractType', { invalidates: ['products.getExtractTypes'] });
  return (
    <NameFormModal
      header="Add New Extract Type"
      label="Extract type name"
      submitLabel="Add extract type"
      initial={{ name: '', image: '' }}
      withImage={false}
      requireChange={false}
      pending={create.isPending}
      error={create.error}
      onDismiss={onDismiss}
      onSubmit={(body) =>
        create.mutate(
          { body },
          {
            onSuccess: (type) => {
              notify.success(`Extract type ${type.name} added`);
              onDismiss();
            },
            onError: (error) => console.error('Extract type create failed', error),
          },
        )
      }
    />
  );
}
