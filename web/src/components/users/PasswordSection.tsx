import { useState, type FormEvent } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { PASSWORD_POLICY_MESSAGE, passwordChangeOf, passwordFormProblem, passwordProblem } from '@bo/shared';
import { errorMessage } from '../../api/client';
import { useApiMutation } from '../../api/hooks';
import { useSession } from '../../auth/session';

interface PasswordSectionProps {
  userId: string;
  /** "Change password" for oneself; "Set password" when an admin sets someone else's. */
  title?: string;
  description?: string;
}

/**
 * New password + confirmation, and the current password when it is one's own (shared `passwordChangeOf`); the
 * pool's policy and a mismatch show before sending, and the button waits for both to pass.
 */
export function PasswordSection({ userId, title = 'Change password', description }: PasswordSectionProps) {
  const session = useSession();
  const change = passwordChangeOf(session, userId);
  const needsCurrent = change.ok && change.needsCurrent;
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [result, setResult] = useState<{ ok: true } | { ok: false; message: string } | null>(null);
  const mutation = useApiMutation('users.updatePassword');
  const problem = passwordFormProblem(password, confirmation);
  const valid = problem === undefined && (!needsCurrent || current !== '');
  const policyProblem = password === '' ? undefined : passwordProblem(password);
  const mismatch = confirmation !== '' && !policyProblem ? problem : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || mutation.isPending) return;
    setResult(null);
    mutation.mutate(
      { params: { id: userId }, body: needsCurrent ? { password, currentPassword: current } : { password } },
      {
        onSuccess: () => {
          setCurrent('');
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
          {needsCurrent && (
            <FormField label="Current password" description="Changing your own password needs the one you have now.">
              <Input
                type="password"
                autoComplete="current-password"
                value={current}
                disabled={mutation.isPending}
                onChange={({ detail }) => setCurrent(detail.value)}
              />
            </FormField>
          )}
          <ColumnLayout columns={2}>
            <FormField label="New password" constraintText={PASSWORD_POLICY_MESSAGE} errorText={policyProblem}>
              <Input
                type="password"
                autoComplete="new-password"
                value={password}
                disabled={mutation.isPending}
                onChange={({ detail }) => setPassword(detail.value)}
              />
            </FormField>
            <FormField label="Confirm new password" errorText={mismatch}>
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
