import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { Modal } from '../../ui/Modal.tsx';

interface SignInModalProps {
  open: boolean;
  onClose: () => void;
  onSignIn: (username: string, password: string) => Promise<void>;
  /** Why sign-in is asked for, when the app asks (an expired session), shown above the form. */
  notice?: string | null;
}

/** The admin's sign-in; the server decides (and rate-limits), this form only asks. */
export function SignInModal({ open, onClose, onSignIn, notice }: SignInModalProps) {
  const { t } = useLingui();
  return (
    <Modal open={open} title={t`Admin sign-in`} onClose={onClose}>
      {open && notice ? (
        <p className="schedule-notice" role="alert">
          {notice}
        </p>
      ) : null}
      {open ? <SignInForm onSignIn={onSignIn} onDone={onClose} /> : null}
    </Modal>
  );
}

function SignInForm({ onSignIn, onDone }: { onSignIn: SignInModalProps['onSignIn']; onDone: () => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const { t } = useLingui();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSignIn(username, password);
      onDone();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="edit-form" onSubmit={(event) => void submit(event)}>
      <label className="edit-form__field" htmlFor={`${id}-user`}>
        <span className="edit-form__label">
          <Trans>Username</Trans>
        </span>
        <input
          id={`${id}-user`}
          className="edit-form__input"
          value={username}
          autoComplete="username"
          onChange={(e) => setUsername(e.target.value)}
        />
      </label>
      <label className="edit-form__field" htmlFor={`${id}-password`}>
        <span className="edit-form__label">
          <Trans>Password</Trans>
        </span>
        <input
          id={`${id}-password`}
          className="edit-form__input"
          type="password"
          value={password}
          autoComplete="current-password"
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      {error ? (
        <p className="edit-form__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="edit-form__actions">
        <button type="submit" className="pill-button pill-button--primary" disabled={busy}>
          {busy ? t`Signing in…` : t`Sign in`}
        </button>
      </div>
    </form>
  );
}
