import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { SHORTCUTS } from '../../lib/keyboard-shortcuts.ts';
import * as stored from '../../lib/stored.ts';
import { useStored } from '../../lib/use-stored.ts';
import '../../styles/shortcuts-dialog.css';
import { Modal } from '../../ui/Modal.tsx';

/** The `?` dialog: every shortcut, and the switch that turns them off (kept in this browser). */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [enabled, setEnabled] = useStored(stored.keyboardShortcuts);
  const switchId = useId();
  const noteId = useId();
  const { t, i18n } = useLingui();
  return (
    <Modal open={open} onClose={onClose} title={t`Keyboard shortcuts`} className="shortcuts-dialog">
      <table className="shortcuts-dialog__table">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Key</Trans>
            </th>
            <th scope="col">
              <Trans>Does</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.action}>
              <td>
                {shortcut.keys.map((key, index) => (
                  <span key={index}>
                    {index > 0 ? ` ${t`or`} ` : null}
                    <kbd>{typeof key === 'string' ? key : i18n._(key)}</kbd>
                  </span>
                ))}
              </td>
              <td>{i18n._(shortcut.description)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="shortcuts-dialog__note">
        <Trans>
          They never act while you type in a field, and leave keys held with Ctrl, Alt or ⌘ to the browser.
        </Trans>
      </p>
      <div className="shortcuts-dialog__switch">
        <input
          id={switchId}
          type="checkbox"
          checked={enabled}
          aria-describedby={noteId}
          onChange={(event) => setEnabled(event.target.checked)}
        />
        <label htmlFor={switchId}>
          <Trans>Use keyboard shortcuts</Trans>
        </label>
      </div>
      <p id={noteId} className="shortcuts-dialog__note">
        <Trans>
          Screen readers announce each control’s key with it. In browse mode a screen reader keeps single
          letters for its own navigation; turn the shortcuts off here if they get in your way. Once off, this
          list opens from “Keyboard shortcuts” at the foot of Home.
        </Trans>
      </p>
    </Modal>
  );
}
