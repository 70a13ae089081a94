import { useState, type FormEvent } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { errorMessage, isApiError } from '../../api/client';
import { useApiMutation } from '../../api/hooks';
import { useNotifications } from '../../notifications/notifications';
import { BrandFields } from './BrandFields';
import {
  addBodyFromForm,
  EMPTY_BRAND_FORM,
  validateBrand,
  type BrandFormField,
  type BrandFormValues,
} from './brand-form';

export type AddBrandModalProps = Record<string, never>;

declare module '../../modals/context' {
  interface ModalPropsByName {
    AddBrand: AddBrandModalProps;
  }
}

/** Modal registry `AddBrand`: 'Add New Brand' (name required). */
export default function AddBrandModal({ onDismiss }: { onDismiss: () => void }) {
  const notify = useNotifications();
  const [values, setValues] = useState<BrandFormValues>(EMPTY_BRAND_FORM);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<BrandFormField, string>>>({});
  const create = useApiMutation('brands.addNew', {
    invalidates: ['brands.getAll', 'brands.getBrandsWithProductCount'],
  });

  const body = addBodyFromForm(values);
  const clientErrors = validateBrand(body);
  const errors = submitted ? { ...serverErrors, ...clientErrors } : serverErrors;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    if (Object.keys(clientErrors).length > 0 || create.isPending) return;
    create.mutate(
      { body },
      {
        onSuccess: (brand) => {
          notify.success(`Brand ${brand.name} added`);
          onDismiss();
        },
        onError: (error) => {
          console.error('Brand create failed', error);
          if (isApiError(error)) setServerErrors(error.fieldErrors() as typeof serverErrors);
        },
      },
    );
  };

  return (
    <Modal
      visible
      size="large"
      header="Add New Brand"
      onDismiss={() => !create.isPending && onDismiss()}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss} disabled={create.isPending}>
              Cancel
            </Button>
            <Button variant="primary" onClick={() => submit()} loading={create.isPending} loadingText="Adding brand">
              Add brand
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form onSubmit={submit} noValidate aria-label="Add New Brand">
        <SpaceBetween size="l">
          {create.isError && (
            <Alert type="error" statusIconAriaLabel="Error" header="The brand was not added">
              {errorMessage(create.error, 'Something went wrong. Try again.')}
            </Alert>
          )}
          <BrandFields
            idPrefix="add-brand"
            values={values}
            errors={errors}
            disabled={create.isPending}
            autoFocus
            onChange={(field, value) => {
              setValues((current) => ({ ...current, [field]: value }));
              setServerErrors(({ [field]: _dropped, ...rest }) => rest);
            }}
          />
          <button type="submit" hidden />
        </SpaceBetween>
      </form>
    </Modal>
  );
}
