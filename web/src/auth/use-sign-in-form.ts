import { useState, type FormEvent } from 'react';
import { canChangePassword, passwordFormProblem } from '@bo/shared';
import { useAuth } from './session';
import { useSessionEndNotice } from './session-end';

const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/**
 * The sign-in form's state and submit, whatever draws it: the back office's Cloudscape page and the driver
 * app's plain one. The field messages show once the form was submitted.
 */
export function useSignInForm() {
  const { signIn } = useAuth();
  const [ended, dismissEnded] = useSessionEndNotice();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!email.trim() || !password || busy) return;
    setBusy(true);
    setError(null);
    try {
      await signIn(email, password);
      dismissEnded();
    } catch (e) {
      setError(messageOf(e, 'Sign-in failed. Check your email and password.'));
      setBusy(false);
    }
  };

  return {
    email,
    setEmail,
    password,
    setPassword,
    busy,
    error,
    /** Why the last session ended without the user signing out, until dismissed. */
    ended: error ? null : ended,
    dismissEnded,
    emailError: submitted && !email.trim() ? 'Enter your email address' : undefined,
    passwordError: submitted && !password ? 'Enter your password' : undefined,
    submit,
  };
}

/** The "set a new password" step (a temporary password): its state, the confirmation's problem, and submit. */
export function useNewPasswordForm() {
  const { completeNewPassword, cancelNewPassword } = useAuth();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canChangePassword(password, confirmation) || busy) return;
    setBusy(true);
    setError(null);
    try {
      await completeNewPassword(password);
    } catch (e) {
      setError(messageOf(e, 'Password update failed.'));
      setBusy(false);
    }
  };

  return {
    password,
    setPassword,
    confirmation,
    setConfirmation,
    busy,
    error,
    /** The confirmation's message, once something was typed. */
    problem: password !== '' || confirmation !== '' ? passwordFormProblem(password, confirmation) : undefined,
    valid: canChangePassword(password, confirmation),
    submit,
    cancel: cancelNewPassword,
  };
}
