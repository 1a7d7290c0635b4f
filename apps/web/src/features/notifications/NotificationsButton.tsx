import { useLingui } from '@lingui/react/macro';

/** The header's bell: opens the Notifications modal. */
export function NotificationsButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useLingui();
  return (
    <button type="button" className="app-header__bell" aria-label={t`Notifications`} onClick={onOpen}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M12 3a6 6 0 0 0-6 6v3.6L4.3 15.5A1 1 0 0 0 5.2 17h13.6a1 1 0 0 0 .9-1.5L18 12.6V9a6 6 0 0 0-6-6Zm-2.2 15.5a2.3 2.3 0 0 0 4.4 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
