import { useMemo, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { User } from '@bo/shared';
import { errorMessage, isApiError } from '../../api/client';
import { apiQueryKey, useApiMutation, useApiQuery } from '../../api/hooks';
import { isAdmin, useSession } from '../../auth/session';
import ChangeLogPanel from '../../components/ChangeLogPanel';
import { useModals } from '../../modals/context';
import { useNotifications } from '../../notifications/notifications';
import { PasswordSection } from '../../components/users/PasswordSection';
import { UserFields } from '../../components/users/UserFields';
import {
  formFromUser,
  isFullUser,
  userChanges,
  validateUserChanges,
  type UserFormField,
  type UserFormValues,
} from '../../components/users/user-form';
import './users.css';

export interface EditUserModalProps {
  userId: string;
  /** Shown in the title while the profile loads. */
  name?: string;
}

declare module '../../modals/context' {
  interface ModalPropsByName {
    EditUser: EditUserModalProps;
  }
}

type Props = EditUserModalProps & { onDismiss: () => void };

/** Modal registry `EditUser`: a user's profile, roles and assignments, Delete User, and the change log. */
export default function EditUserModal({ userId, name, onDismiss }: Props) {
  const session = useSession();
  const admin = isAdmin(session);
  const self = session.userId === userId;
  const queryClient = useQueryClient();
  const notify = useNotifications();
  const { openModal } = useModals();

  const query = useApiQuery('users.getById', { params: { id: userId } });
  const user = query.data && isFullUser(query.data) ? query.data : undefined;
  // The form follows the loaded user until the first edit.
  const [edited, setEdited] = useState<UserFormValues | null>(null);
  const values = edited ?? (user ? formFromUser(user) : null);
  const [errors, setErrors] = useState<Partial<Record<UserFormField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const update = useApiMutation('users.update', {
    invalidates: ['users.getAll', 'users.getById', 'changelog.getAll'],
  });
  const remove = useApiMutation('users.remove', { invalidates: ['users.getAll'] });
  const everyone = useApiQuery('users.getAll', {}, { enabled: admin });
  const userNames = useMemo(() => new Map(everyone.data?.res.map((u) => [u.id, u.name])), [everyone.data]);

  const changes = user && values ? userChanges(user, values, { roles: admin, assignments: admin }) : {};
  const hasChanges = Object.keys(changes).length > 0;
  const busy = update.isPending;
  const title = user?.name ?? name;

  const save = (event?: FormEvent) => {
    event?.preventDefault();
    if (!user || !hasChanges || busy) return;
    const invalid = validateUserChanges(changes);
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    setFailure(null);
    update.mutate(
      { params: { id: user.id }, body: changes },
      {
        onSuccess: (saved) => {
          queryClient.setQueryData(apiQueryKey('users.getById', { params: { id: user.id } }), saved);
          notify.success('User updated successfully');
          onDismiss();
        },
        onError: (error) => {
          console.error('User update failed', error);
          if (isApiError(error)) setErrors(error.fieldErrors());
          setFailure(errorMessage(error, ''));
        },
      },
    );
  };

  const confirmDelete = (target: User) =>
    openModal('Confirmation', {
      title: 'Delete user',
      message: (
        <>
          Delete <b>{target.name}</b> ({target.email})? They will no longer be able to sign in.
        </>
      ),
      confirmLabel: 'Delete',
      variant: 'danger',
      onConfirm: async () => {
        await remove.mutateAsync({ params: { id: target.id } });
        queryClient.removeQueries({ queryKey: apiQueryKey('users.getById', { params: { id: target.id } }) });
        notify.success(`${target.name} was deleted`);
        onDismiss();
      },
    });

  return (
    <Modal
      visible
      size="large"
      onDismiss={() => !busy && onDismiss()}
      header={title ? `Edit user: ${title}` : 'Edit user'}
      footer={
        <div className="bo-modal-footer">
          <div>
            {admin && user && (
              <Button onClick={() => confirmDelete(user)} disabled={busy || self} iconName="remove">
                Delete user
              </Button>
            )}
          </div>
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss} disabled={busy}>
              Cancel
            </Button>
            {user && (
              <Button
                variant="primary"
                onClick={() => save()}
                disabled={!hasChanges}
                loading={busy}
                loadingText="Saving"
              >
                Save
              </Button>
            )}
          </SpaceBetween>
        </div>
      }
    >
      {!user || !values ? (
        query.isPending ? (
          <StatusIndicator type="loading">Loading user</StatusIndicator>
        ) : (
          <Alert
            type="error"
            statusIconAriaLabel="Error"
            action={<Button onClick={() => void query.refetch()}>Retry</Button>}
          >
            Failed to load user data.
          </Alert>
        )
      ) : (
        <SpaceBetween size="l">
          <form onSubmit={save} noValidate aria-label={`Edit user ${user.name}`}>
            <SpaceBetween size="l">
              {failure !== null && (
                <Alert type="error" statusIconAriaLabel="Error" dismissible onDismiss={() => setFailure(null)}>
                  Update failed.{failure ? ` ${failure}` : ''}
                </Alert>
              )}
              <UserFields
                values={values}
                onChange={(field, value) => setEdited({ ...values, [field]: value })}
                disabled={busy}
                canEditRoles={admin}
                assignments={admin ? 'edit' : 'view'}
                errors={errors}
              />
              <button type="submit" hidden />
            </SpaceBetween>
          </form>
          {admin && !self && (
            <PasswordSection
              userId={user.id}
              title="Set password"
              description="Sets a new password for this user; tell them through a secure channel."
            />
          )}
          <ChangeLogPanel entityType="user" entityId={user.id} userNames={userNames} />
        </SpaceBetween>
      )}
    </Modal>
  );
}
