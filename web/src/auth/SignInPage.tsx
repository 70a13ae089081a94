import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { PASSWORD_POLICY_MESSAGE } from '@bo/shared';
import { useAuth } from './session';
import { useNewPasswordForm, useSignInForm } from './use-sign-in-form';
import './sign-in.css';

/** Cloudscape's messages load with the signed-in frame (AppShell), so this page names its own icons. */
const FIELD_STRINGS = { errorIconAriaLabel: 'Error' };

/** The only screen a signed-out visitor sees: email + password, then (for new users) a new password. */
export default function SignInPage() {
  const { status } = useAuth();
  return (
    <main className="bo-sign-in">
      <div className="bo-sign-in__panel">
        <Box variant="h1" fontSize="heading-xl" textAlign="center" margin={{ bottom: 'l' }}>
          Back Office
        </Box>
        {status === 'newPasswordRequired' ? <NewPasswordForm /> : <SignInForm />}
      </div>
    </main>
  );
}

function SignInForm() {
  const {
    email,
    setEmail,
    password,
    setPassword,
    busy,
    error,
    ended,
    dismissEnded,
    emailError,
    passwordError,
    submit,
  } = useSignInForm();

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Form
        actions={
          <Button variant="primary" formAction="submit" loading={busy} loadingText="Signing in">
            Sign in
          </Button>
        }
      >
        <Container header={<Header variant="h2">Sign in</Header>}>
          <SpaceBetween size="l">
            {ended && (
              <Alert
                type="warning"
                statusIconAriaLabel="Warning"
                header="You have been signed out"
                dismissible
                dismissAriaLabel="Dismiss"
                onDismiss={dismissEnded}
              >
                {ended}
              </Alert>
            )}
            {error && (
              <Alert type="error" statusIconAriaLabel="Error" header="Could not sign in">
                {error}
              </Alert>
            )}
            <FormField label="Email" i18nStrings={FIELD_STRINGS} errorText={emailError}>
              <Input
                type="email"
                inputMode="email"
                autoComplete="username"
                autoFocus
                value={email}
                disabled={busy}
                onChange={({ detail }) => setEmail(detail.value)}
              />
            </FormField>
            <FormField label="Password" i18nStrings={FIELD_STRINGS} errorText={passwordError}>
              <Input
                type="password"
                autoComplete="current-password"
                value={password}
                disabled={busy}
                onChange={({ detail }) => setPassword(detail.value)}
              />
            </FormField>
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}

function NewPasswordForm() {
  const { password, setPassword, confirmation, setConfirmation, busy, error, problem, valid, submit, cancel } =
    useNewPasswordForm();

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Form
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" formAction="none" onClick={cancel} disabled={busy}>
              Back to sign in
            </Button>
            <Button variant="primary" formAction="submit" disabled={!valid} loading={busy} loadingText="Saving">
              Set password
            </Button>
          </SpaceBetween>
        }
      >
        <Container
          header={
            <Header variant="h2" description="Your account has a temporary password. Choose your own to continue.">
              Set a new password
            </Header>
          }
        >
          <SpaceBetween size="l">
            {error && (
              <Alert type="error" statusIconAriaLabel="Error" header="Could not set the password">
                {error}
              </Alert>
            )}
            <FormField label="New password" constraintText={PASSWORD_POLICY_MESSAGE}>
              <Input
                type="password"
                autoComplete="new-password"
                autoFocus
                value={password}
                disabled={busy}
                onChange={({ detail }) => setPassword(detail.value)}
              />
            </FormField>
            <FormField i18nStrings={FIELD_STRINGS} label="Confirm new password" errorText={problem}>
              <Input
                type="password"
                autoComplete="new-password"
                value={confirmation}
                disabled={busy}
                onChange={({ detail }) => setConfirmation(detail.value)}
              />
            </FormField>
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}
