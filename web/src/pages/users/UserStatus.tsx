import Button from '@cloudscape-design/components/button';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { DISABLE_SELF_REFUSAL, USER_STATUS_LABELS, type User, type UserStatus } from '@bo/shared';
import { useApiMutation } from '../../api/hooks';
import { useModals } from '../../modals/context';
import { useNotifications } from '../../notifications/notifications';

/** Active or Disabled, as a status indicator (Cloudscape's way of showing a resource's state in a table). */
export function UserStatusIndicator({ status }: { status: UserStatus }) {
  return (
    <StatusIndicator type={status === 'DISABLED' ? 'stopped' : 'success'}>{USER_STATUS_LABELS[status]}</StatusIndicator>
  );
}

const INVALIDATES = ['users.getAll', 'users.getById', 'changelog.getAll'] as const;

/**
 * ADMIN's Disable / Enable of a user: a confirmation first, the result in the page's Flashbar (a failure stays
 * in the dialog, as for Delete user). Returns the function a row's action calls.
 */
export function useUserStatusChange() {
  const { openModal } = useModals();
  const notify = useNotifications();
  const disable = useApiMutation('users.disable', { invalidates: [...INVALIDATES] });
  const enable = useApiMutation('users.enable', { invalidates: [...INVALIDATES] });

  return (user: User) =>
    user.status === 'DISABLED'
      ? openModal('Confirmation', {
          title: 'Enable user',
          message: (
            <>
              Enable <b>{user.name}</b> ({user.email})? They can sign in again with their password.
            </>
          ),
          confirmLabel: 'Enable',
          onConfirm: async () => {
            await enable.mutateAsync({ params: { id: user.id } });
            notify.success(`${user.name} was enabled and can sign in again`);
          },
        })
      : openModal('Confirmation', {
          title: 'Disable user',
          message: (
            <>
              Disable <b>{user.name}</b> ({user.email})? They are signed out everywhere and cannot sign in until an
              admin enables them again; a session still open stops working within a minute.
            </>
          ),
          confirmLabel: 'Disable',
          onConfirm: async () => {
            await disable.mutateAsync({ params: { id: user.id } });
            notify.success(`${user.name} was disabled and signed out everywhere`);
          },
        });
}

/** A row's Disable or Enable; one's own row cannot be disabled (the API refuses it too). */
export function UserStatusAction({ user, self, onChange }: { user: User; self: boolean; onChange: () => void }) {
  const disabling = user.status !== 'DISABLED';
  return (
    <Button
      variant="inline-link"
      ariaLabel={`${disabling ? 'Disable' : 'Enable'} ${user.name}`}
      disabled={disabling && self}
      disabledReason={disabling && self ? DISABLE_SELF_REFUSAL : undefined}
      onClick={onChange}
    >
      {disabling ? 'Disable' : 'Enable'}
    </Button>
  );
}
