import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { SHORTCUT_SLIDE_WIDTH_PX, SHORTCUT_SLIDES_VISIBLE, type PublicStation } from '@onair/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { track } from '../../lib/analytics.ts';
import { inlineSign, useSnapPager } from '../../ui/use-snap-pager.ts';

type SocialPlatform = keyof PublicStation['social'];

const icon = (path: ReactNode) => (
  <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
    {path}
  </svg>
);
const stroke = {
  stroke: 'currentColor',
  strokeWidth: 1.9,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  fill: 'none',
} as const;

const ICONS = {
  chat: icon(<path d="M4 5h16v11H9l-5 4z" {...stroke} />),
  schedule: icon(
    <>
      <rect x="3.5" y="5" width="17" height="15" rx="2.5" {...stroke} />
      <path d="M3.5 10h17M8 3v4M16 3v4" {...stroke} />
    </>,
  ),
  listenAgain: icon(
    <>
      <path d="M4.5 12a7.5 7.5 0 1 0 2.2-5.3" {...stroke} />
      <path d="M4 4v4h4M12 8.5V12l2.5 1.5" {...stroke} />
    </>,
  ),
  timer: icon(
    <>
      <circle cx="12" cy="13" r="7.5" {...stroke} />
      <path d="M12 9v4l2.5 2M9.5 2.5h5" {...stroke} />
    </>,
  ),
  mixcloud: icon(<path d="M7 17a4 4 0 0 1-.6-8A5.5 5.5 0 0 1 17 9.6 3.7 3.7 0 0 1 17.3 17z" {...stroke} />),
  facebook: icon(
    <path
      d="M14.5 8H16V4.5h-2.2A3.8 3.8 0 0 0 10 8.3V11H8v3.5h2V21h3.5v-6.5H16l.5-3.5h-3V8.8a.8.8 0 0 1 1-.8z"
      {...stroke}
    />,
  ),
  instagram: icon(
    <>
      <rect x="4" y="4" width="16" height="16" rx="4.5" {...stroke} />
      <circle cx="12" cy="12" r="3.6" {...stroke} />
      <circle cx="16.8" cy="7.2" r="0.9" fill="currentColor" />
    </>,
  ),
};

const SOCIAL_LABELS: Readonly<Record<SocialPlatform, string>> = {
  mixcloud: 'Mixcloud',
  facebook: 'Facebook',
  instagram: 'Instagram',
};

/** One shortcut: a stable key and its link. */
interface ShortcutItem {
  key: string;
  node: ReactNode;
}

/** The row's maximum width: four 72 px tiles and their gaps, so a page is exactly four. */
const SHORTCUT_ROW_MAX_WIDTH = `calc(${SHORTCUT_SLIDES_VISIBLE} * (${SHORTCUT_SLIDE_WIDTH_PX}px + 1.25rem))`;

function Tile({ label, glyph, badge }: { label: string; glyph: ReactNode; badge?: number | undefined }) {
  const { t } = useLingui();
  return (
    <>
      <span className="home-shortcut__icon">
        {glyph}
        {badge ? (
          <span className="home-shortcut__badge" aria-label={t`${badge} unread`}>
            {badge > 99 ? '99+' : badge}
          </span>
        ) : null}
      </span>
      <span className="home-shortcut__label">{label}</span>
    </>
  );
}

/**
 * Spec §2: a swipeable row of shortcuts, four 72 px slides visible, pages with dots. Social links
 * come from the station config and open in a new tab without giving it our window. The row is the
 * browser's own scroll snapping (ui/use-snap-pager.ts); the dots follow the scroll and scroll to their
 * page. (It was Swiper, whose start measured the page in one task of 156 ms under a 4x CPU slowdown.)
 */
export function ShortcutRow({
  social,
  chatUnread,
}: {
  social: PublicStation['social'];
  chatUnread?: number;
}) {
  const { t } = useLingui();
  const items = shortcutItems(social, chatUnread);
  const pages = Math.ceil(items.length / SHORTCUT_SLIDES_VISIBLE);
  const pager = useSnapPager<HTMLUListElement>(
    pages,
    0,
    (row, page) => page * row.clientWidth * inlineSign(row),
  );
  return (
    <nav className="home-shortcuts" aria-label={t`Shortcuts`}>
      <ul {...pager.scroller} className="home-shortcuts__row" style={{ maxWidth: SHORTCUT_ROW_MAX_WIDTH }}>
        {items.map((item) => (
          <li key={item.key}>{item.node}</li>
        ))}
      </ul>
      {pages > 1 ? (
        <div className="home-shortcuts__dots">
          {Array.from({ length: pages }, (_, index) => (
            <button
              key={index}
              type="button"
              className="home-shortcuts__dot"
              aria-label={t`Shortcuts page ${index + 1}`}
              aria-current={index === pager.current ? 'true' : undefined}
              onClick={() => pager.goTo(index)}
            />
          ))}
        </div>
      ) : null}
    </nav>
  );
}

function shortcutItems(social: PublicStation['social'], chatUnread: number | undefined): ShortcutItem[] {
  const socials = (Object.keys(SOCIAL_LABELS) as SocialPlatform[]).flatMap((platform) => {
    const href = social[platform];
    return href ? [{ platform, href }] : [];
  });
  return [
    {
      key: 'chat',
      node: (
        <Link className="home-shortcut" to="/chat">
          <Tile label={t`Chat`} glyph={ICONS.chat} badge={chatUnread} />
        </Link>
      ),
    },
    {
      key: 'schedule',
      node: (
        <Link className="home-shortcut" to="/schedule">
          <Tile label={t`Schedule`} glyph={ICONS.schedule} />
        </Link>
      ),
    },
    {
      key: 'listen-again',
      node: (
        <Link className="home-shortcut" to="/listen-again">
          <Tile label={t`Listen again`} glyph={ICONS.listenAgain} />
        </Link>
      ),
    },
    {
      key: 'timer',
      // The layout opens the sleep timer while ?dialog=sleep-timer is set.
      node: (
        <Link className="home-shortcut" to="?dialog=sleep-timer">
          <Tile label={t`Timer`} glyph={ICONS.timer} />
        </Link>
      ),
    },
    ...socials.map(({ platform, href }) => ({
      key: platform,
      node: (
        <a
          className="home-shortcut"
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => track('social_media_click', { platform })}
        >
          <Tile label={SOCIAL_LABELS[platform]} glyph={ICONS[platform]} />
        </a>
      ),
    })),
  ];
}
