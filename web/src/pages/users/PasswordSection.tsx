import { useState, type FormEvent } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { canChangePassword, PASSWORD_MISMATCH_MESSAGE } from '@bo/shared';
import { errorMessage } from '../../api/client';
import { useApiMutation } from '../../api/hooks';

interface PasswordSectionProps {
  userId: string;
  /** "Change password" for oneself; "Set password" when an admin sets someone else's. */
  title?: string;
  description?: string;
}

/** New password + confirmation; the button is enabled only when `canChangePassword` holds. */
export function PasswordSection({ userId, title = 'Change password', description }: PasswordSectionProps) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [result, setResult] = useState<{ ok: true } | { ok: false; message: string } | null>(null);
  const mutation = useApiMutation('users.updatePassword');
  const valid = canChangePassword(password, confirmation);
  const touched = password !== '' || confirmation !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || mutation.isPending) return;
    setResult(null);
    mutation.mutate(
      { params: { id: userId }, body: { password } },
      {
        onSuccess: () => {
          setPassword('');
          setConfirmation('');
          setResult({ ok: true });
        },
        onError: (error) => setResult({ ok: false, message: errorMessage(error, 'Password update failed.') }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={title}>
      <Container
        header={
          <Header
            variant="h2"
            description={description}
            actions={
              <Button variant="primary" formAction="submit" disabled={!valid} loading={mutation.isPending}>
                Update password
              </Button>
            }
          >
            {title}
          </Header>
        }
      >
        <SpaceBetween size="l">
          {result?.ok && (
            <Alert type="success" statusIconAriaLabel="Success" dismissible onDismiss={() => setResult(null)}>
              Password updated successfully
            </Alert>
          )}
          {result && !result.ok && (
            <Alert type="error" statusIconAriaLabel="Error" dismissible onDismiss={() => setResult(null)}>
              {result.message}
            </Alert>
          )}
          <ColumnLayout columns={2}>
            <FormField label="New password">
              <Input
                type="password"
                autoComplete="new-password"
                value={password}
                disabled={mutation.isPending}
                onChange={({ detail }) => setPassword(detail.value)}
              />
            </FormField>
            <FormField
              label="Confirm new password"
              errorText={touched && !valid ? PASSWORD_MISMATCH_MESSAGE : undefined}
            >
              <Input
                type="password"
                autoComplete="new-password"
                value={confirmation}
                disabled={mutation.isPending}
                onChange={({ detail }) => setConfirmation(detail.value)}
              />
            </FormField>
          </ColumnLayout>
        </SpaceBetween>
      </Container>
    </form>
  );
}
