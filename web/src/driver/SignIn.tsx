import { PASSWORD_POLICY_MESSAGE } from '@bo/shared';
import { useAuth } from '../auth/session';
import { TextField } from './Field';
import { useNewPasswordForm, useSignInForm } from '../auth/use-sign-in-form';

/** The driver's sign-in, in plain HTML: the back office's Cloudscape form would double the phone's first script. */
export default function SignIn() {
  const { status } = useAuth();
  return (
    <main className="drv-signin">
      <h1 className="drv-signin__title">Driver sign-in</h1>
      {status === 'newPasswordRequired' ? <NewPasswordForm /> : <SignInForm />}
    </main>
  );
}

function SignInForm() {
  const { email, setEmail, password, setPassword, busy, error, ended, emailError, passwordError, submit } =
    useSignInForm();

  return (
    <form className="drv-form" onSubmit={(e) => void submit(e)} noValidate>
      {ended && (
        <p className="drv-note drv-note--warning" role="status">
          {ended}
        </p>
      )}
      {error && (
        <p className="drv-note drv-note--error" role="alert">
          {error}
        </p>
      )}
      <TextField
        id="drv-email"
        label="Email"
        error={emailError}
        type="email"
        inputMode="email"
        autoComplete="username"
        autoFocus
        value={email}
        disabled={busy}
        onValue={setEmail}
      />
      <TextField
        id="drv-password"
        label="Password"
        error={passwordError}
        type="password"
        autoComplete="current-password"
        value={password}
        disabled={busy}
        onValue={setPassword}
      />
      <button type="submit" className="drv-button drv-button--primary" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}

function NewPasswordForm() {
  const { password, setPassword, confirmation, setConfirmation, busy, error, problem, submit, cancel } =
    useNewPasswordForm();

  return (
    <form className="drv-form" onSubmit={(e) => void submit(e)} noValidate>
      <p>Your account has a temporary password. Choose your own to continue.</p>
      {error && (
        <p className="drv-note drv-note--error" role="alert">
          {error}
        </p>
      )}
      <TextField
        id="drv-new-password"
        label="New password"
        hint={PASSWORD_POLICY_MESSAGE}
        type="password"
        autoComplete="new-password"
        autoFocus
        value={password}
        disabled={busy}
        onValue={setPassword}
      />
      <TextField
        id="drv-confirm-password"
        label="Confirm new password"
        error={problem}
        type="password"
        autoComplete="new-password"
        value={confirmation}
        disabled={busy}
        onValue={setConfirmation}
      />
      <button type="submit" className="drv-button drv-button--primary" disabled={busy}>
        {busy ? 'Saving…' : 'Set password'}
      </button>
      <button type="button" className="drv-button" onClick={cancel} disabled={busy}>
        Back to sign in
      </button>
    </form>
  );
}
