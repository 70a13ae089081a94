import { useState, type FormEvent } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { addUserBody, USER_FIELD_LABELS, type AddUserBody, type Role } from '@bo/shared';
import { errorMessage, isApiError } from '../../api/client';
import { useApiMutation } from '../../api/hooks';
import { RolesMultiselect } from '../../components/users/UserFields';

type Field = 'name' | 'email' | 'role' | 'title';

/** ADMIN creates a user (Cognito + profile); the temporary password is shown once, with a copy button. */
export default function AddUserModal({ onDismiss }: { onDismiss: () => void }) {
  const [values, setValues] = useState({ name: '', email: '', title: '', role: [] as Role[] });
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const create = useApiMutation('users.addNew', { invalidates: ['users.getAll'] });

  const body: AddUserBody = {
    name: values.name.trim(),
    email: values.email.trim(),
    role: values.role,
    ...(values.title.trim() ? { title: values.title.trim() } : {}),
  };
  const parsed = addUserBody.safeParse(body);
  const clientErrors: Partial<Record<Field, string>> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field;
      clientErrors[field] ??= issue.message;
    }
  const errors = submitted ? { ...serverErrors, ...clientErrors } : serverErrors;

  const set = <F extends Field>(field: F, value: (typeof values)[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    if (!parsed.success || create.isPending) return;
    create.mutate(
      { body: parsed.data },
      { onError: (error) => setServerErrors(isApiError(error) ? (error.fieldErrors() as typeof serverErrors) : {}) },
    );
  };

  if (create.data) {
    const { user, temporaryPassword } = create.data;
    return (
      <Modal
        visible
        onDismiss={onDismiss}
        header="User created"
        footer={
          <Box float="right">
            <Button variant="primary" onClick={onDismiss}>
              Done
            </Button>
          </Box>
        }
      >
        <SpaceBetween size="l">
          <Alert type="success" statusIconAriaLabel="Success">
            {user.name} ({user.email}) can now sign in with this temporary password and will be asked to choose a new
            one. It is shown only once: share it securely.
          </Alert>
          <FormField label="Temporary password">
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              <Box variant="code" fontSize="heading-s">
                {temporaryPassword}
              </Box>
              <CopyToClipboard
                variant="button"
                textToCopy={temporaryPassword}
                copyButtonText="Copy"
                copyButtonAriaLabel="Copy temporary password"
                copySuccessText="Temporary password copied"
                copyErrorText="Could not copy the password"
              />
            </SpaceBetween>
          </FormField>
        </SpaceBetween>
      </Modal>
    );
  }

  return (
    <Modal
      visible
      onDismiss={() => !create.isPending && onDismiss()}
      header="Add user"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss} disabled={create.isPending}>
              Cancel
            </Button>
            <Button variant="primary" onClick={() => submit()} loading={create.isPending} loadingText="Adding user">
              Add user
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form onSubmit={submit} noValidate aria-label="Add user">
        <SpaceBetween size="l">
          {create.isError && (
            <Alert type="error" statusIconAriaLabel="Error" header="The user was not created">
              {errorMessage(create.error, 'Something went wrong. Try again.')}
            </Alert>
          )}
          <ColumnLayout columns={2}>
            <FormField label={USER_FIELD_LABELS.name} errorText={errors.name}>
              <Input
                value={values.name}
                autoFocus
                autoComplete="off"
                onChange={({ detail }) => set('name', detail.value)}
              />
            </FormField>
            <FormField label={USER_FIELD_LABELS.email} errorText={errors.email}>
              <Input
                type="email"
                value={values.email}
                autoComplete="off"
                onChange={({ detail }) => set('email', detail.value)}
              />
            </FormField>
            <FormField label={USER_FIELD_LABELS.title} errorText={errors.title} constraintText="Optional">
              <Input value={values.title} autoComplete="off" onChange={({ detail }) => set('title', detail.value)} />
            </FormField>
            <FormField label="Roles" errorText={errors.role} description="Choose 'All roles' to select every role.">
              <RolesMultiselect value={values.role} onChange={(roles) => set('role', roles)} invalid={!!errors.role} />
            </FormField>
          </ColumnLayout>
          {/* Enter in a text field submits. */}
          <button type="submit" hidden />
        </SpaceBetween>
      </form>
    </Modal>
  );
}
