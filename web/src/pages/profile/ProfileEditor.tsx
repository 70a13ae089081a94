import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { User } from '@bo/shared';
import { errorMessage, isApiError } from '../../api/client';
import { apiQueryKey, useApiMutation } from '../../api/hooks';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes';
import { UserFields } from '../../components/users/UserFields';
import {
  formFromUser,
  userChanges,
  validateUserChanges,
  type UserFormField,
  type UserFormValues,
} from '../../components/users/user-form';

export const UPDATE_SUCCESS_MESSAGE = 'User updated successfully';
export const UPDATE_FAILED_MESSAGE = 'Update failed.';

interface ProfileEditorProps {
  user: User;
  /** ADMIN may change roles; everyone else sees them read-only. */
  canEditRoles: boolean;
}

/**
 * Spec section 4, "Profile editor": read-only at start; Edit enables editing; Save is disabled
 * without changes (and skipped when nothing changed); after saving, editing is disabled and a
 * success message shows.
 */
export function ProfileEditor({ user, canEditRoles }: ProfileEditorProps) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<UserFormValues>(() => formFromUser(user));
  const [errors, setErrors] = useState<Partial<Record<UserFormField, string>>>({});
  const [status, setStatus] = useState<'saved' | { failed: string | null } | null>(null);

  const update = useApiMutation('users.update', { invalidates: ['users.getAll', 'changelog.getAll'] });
  const scope = { roles: canEditRoles, assignments: false };
  const shown = editing ? values : formFromUser(user);
  const changes = userChanges(user, values, scope);
  const dirty = editing && Object.keys(changes).length > 0;
  useUnsavedChangesGuard(dirty);

  const startEditing = () => {
    setValues(formFromUser(user));
    setErrors({});
    setStatus(null);
    setEditing(true);
  };

  const cancel = () => {
    setEditing(false);
    setErrors({});
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!editing || update.isPending) return;
    if (Object.keys(changes).length === 0) return; // nothing changed: nothing to send
    const invalid = validateUserChanges(changes);
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    setStatus(null);
    update.mutate(
      { params: { id: user.id }, body: changes },
      {
        onSuccess: (saved) => {
          queryClient.setQueryData(apiQueryKey('users.getById', { params: { id: user.id } }), saved);
          setEditing(false);
          setStatus('saved');
        },
        onError: (error) => {
          console.error('Profile update failed', error);
          if (isApiError(error)) setErrors(error.fieldErrors());
          setStatus({ failed: errorMessage(error, '') || null });
        },
      },
    );
  };

  return (
    <form onSubmit={save} noValidate aria-label="Profile">
      <Container
        header={
          <Header
            variant="h2"
            description={editing ? 'Change your details, then save.' : undefined}
            actions={
              editing ? (
                <SpaceBetween direction="horizontal" size="xs">
                  <Button formAction="none" variant="link" onClick={cancel} disabled={update.isPending}>
                    Cancel
                  </Button>
                  <Button
                    formAction="submit"
                    variant="primary"
                    disabled={Object.keys(changes).length === 0}
                    loading={update.isPending}
                    loadingText="Saving"
                  >
                    Save
                  </Button>
                </SpaceBetween>
              ) : (
                <Button formAction="none" iconName="edit" onClick={startEditing}>
                  Edit
                </Button>
              )
            }
          >
            Details
          </Header>
        }
      >
        <SpaceBetween size="l">
          {status === 'saved' && (
            <Alert type="success" statusIconAriaLabel="Success" dismissible onDismiss={() => setStatus(null)}>
              {UPDATE_SUCCESS_MESSAGE}
            </Alert>
          )}
          {status !== null && status !== 'saved' && (
            <Alert type="error" statusIconAriaLabel="Error" dismissible onDismiss={() => setStatus(null)}>
              {UPDATE_FAILED_MESSAGE}
              {status.failed ? ` ${status.failed}` : ''}
            </Alert>
          )}
          <UserFields
            values={shown}
            onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
            readOnly={!editing}
            disabled={update.isPending}
            canEditRoles={canEditRoles}
            // Assignments are changed by an admin in Edit User; here they are shown.
            assignments="view"
            errors={errors}
          />
        </SpaceBetween>
      </Container>
    </form>
  );
}
