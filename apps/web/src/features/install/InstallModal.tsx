import { Trans, useLingui } from '@lingui/react/macro';
import { useStation } from '../../lib/station-context.tsx';
import { Modal } from '../../ui/Modal.tsx';
import '../../styles/install-modal.css';
import { INSTALL_STEPS } from './install-platform.ts';
import { useInstallPrompt } from './use-install-prompt.ts';

/** The install offer (spec §2 Home, §4, §8 Install). */
export function InstallModal() {
  const { t, i18n } = useLingui();
  const { name } = useStation();
  const { open, route, failed, install, later } = useInstallPrompt();

  return (
    <Modal
      open={open}
      onClose={later}
      title={t`Install the app`}
      description={t`Add ${name} to your home screen: it opens full screen, starts faster and works offline.`}
      className="install-modal"
    >
      {failed ? (
        <p className="install-modal__error" role="alert">
          <Trans>Installation failed. Please try again or use the browser menu to install.</Trans>
        </p>
      ) : null}
      {route === 'ios' ? (
        <ol className="install-modal__steps">
          <li>
            <Trans>
              Tap the Share button <ShareIcon /> in Safari’s toolbar.
            </Trans>
          </li>
          <li>
            <Trans>Choose ‘Add to Home Screen’, then ‘Add’.</Trans>
          </li>
        </ol>
      ) : null}
      {route !== 'prompt' && route !== 'ios' && route !== 'menu' ? (
        <p className="install-modal__steps">{i18n._(INSTALL_STEPS[route])}</p>
      ) : null}
      {route === 'menu' ? (
        <p className="install-modal__steps">
          <Trans>Open your browser’s menu and choose ‘Install app’ or ‘Add to Home screen’.</Trans>
        </p>
      ) : null}
      <div className="install-modal__actions">
        <button type="button" className="install-modal__button" onClick={later}>
          <Trans>Later</Trans>
        </button>
        {route === 'prompt' ? (
          <button
            type="button"
            className="install-modal__button install-modal__button--primary"
            onClick={() => void install()}
          >
            <Trans>Install</Trans>
          </button>
        ) : null}
      </div>
    </Modal>
  );
}

function ShareIcon() {
  const { t } = useLingui();
  return (
    <svg
      className="install-modal__share"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      role="img"
      aria-label={t`(square with an arrow up)`}
    >
      <path
        d="M12 3v12M7.5 7.5 12 3l4.5 4.5M6 11H5a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-8a1 1 0 0 0-1-1h-1"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
