import { useState, type FormEvent } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { nameBody } from '@bo/shared';
import { errorMessage, isApiError } from '../../api/client';
import ImageField from '../../components/ImageField';

export interface NameValues {
  name: string;
  image: string;
}

export interface NameFormModalProps {
  header: string;
  /** The name field's label, e.g. 'Type name'. */
  label: string;
  submitLabel: string;
  initial: NameValues;
  withImage: boolean;
  /** When editing, submit is enabled only once something changed. */
  requireChange: boolean;
  pending: boolean;
  error: unknown;
  onSubmit: (values: { name: string; image?: string }) => void;
  onDismiss: () => void;
}

/** A dialog with a required name (and optionally an image): product and extract types. */
export function NameFormModal({
  header,
  label,
  submitLabel,
  initial,
  withImage,
  requireChange,
  pending,
  error,
  onSubmit,
  onDismiss,
}: NameFormModalProps) {
  const [values, setValues] = useState<NameValues>(initial);
  const [submitted, setSubmitted] = useState(false);
  const name = values.name.trim();
  const image = values.image.trim();
  const body = withImage && (image || initial.image) ? { name, image } : { name };
  const parsed = nameBody.safeParse(body);
  // The shared schema's own messages ('Name is required', …).
  const clientError = parsed.success ? undefined : parsed.error.issues[0]?.message;
  const serverError = isApiError(error) ? error.fieldErrors().name : undefined;
  const changed = name !== initial.name.trim() || image !== initial.image.trim();

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    if (clientError || pending || (requireChange && !changed)) return;
    onSubmit(body);
  };

  return (
    <Modal
      visible
      header={header}
      onDismiss={() => !pending && onDismiss()}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss} disabled={pending}>
              Cancel
            </Button>
            <Button variant="primary" onClick={() => submit()} loading={pending} disabled={requireChange && !changed}>
              {submitLabel}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form onSubmit={submit} noValidate aria-label={header}>
        <SpaceBetween size="l">
          {error !== null && error !== undefined && !serverError && (
            <Alert type="error" statusIconAriaLabel="Error" header="Not saved">
              {errorMessage(error, 'Something went wrong. Try again.')}
            </Alert>
          )}
          <FormField label={label} errorText={(submitted && clientError) || serverError}>
            <Input
              value={values.name}
              autoFocus
              autoComplete="off"
              disabled={pending}
              invalid={submitted && !!clientError}
              onChange={({ detail }) => setValues((v) => ({ ...v, name: detail.value }))}
            />
          </FormField>
          {withImage && (
            <ImageField
              label="Image"
              value={values.image}
              alt={name ? `Image of ${name}` : 'Type image'}
              disabled={pending}
              onChange={(url) => setValues((v) => ({ ...v, image: url }))}
            />
          )}
          <button type="submit" hidden />
        </SpaceBetween>
      </form>
    </Modal>
  );
}
