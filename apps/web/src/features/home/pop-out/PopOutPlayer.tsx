import { useLingui } from '@lingui/react/macro';
import { useLayoutEffect } from 'react';
import { createPortal } from 'react-dom';
import { isLocale, localeDirection, type ChatMessage } from '@onair/core';
import type { ChatFollower } from '../../../lib/chat-follower.ts';
import { useChatFollower } from '../../../lib/chat-unread.ts';
import { MuteButton, PlayButton } from '../../../lib/player/index.ts';
import { useStation } from '../../../lib/station-context.tsx';
import '../../../styles/pop-out-player.css';
import { useDisplayTrack } from '../use-display-track.ts';

// The live chat's newest lines, read from the room without joining it (lib/chat-follower.ts).
const readLatest = (follower: ChatFollower) => follower.latest;
const NO_MESSAGES: readonly ChatMessage[] = [];

/**
 * The page's stylesheets and theme in the pop-out window: links by their address (the built app's
 * CSS files), the rest (Vite's dev styles) by their rules.
 */
function copyStyles(from: Document, to: Document) {
  for (const sheet of Array.from(from.styleSheets)) {
    if (sheet.href) {
      const link = to.createElement('link');
      link.rel = 'stylesheet';
      link.href = sheet.href;
      to.head.append(link);
      continue;
    }
    const style = to.createElement('style');
    style.textContent = Array.from(sheet.cssRules, (rule) => rule.cssText).join('\n');
    to.head.append(style);
  }
  // The station's colours are set on the page's root element (station-context.tsx).
  to.documentElement.style.cssText = from.documentElement.style.cssText;
}

/**
 * The mini player drawn into the pop-out window through a portal: the same React tree as the page,
 * so its buttons drive the page's one PlayerService (nothing plays in the small window itself). Under
 * them, the live chat's newest lines, as many as the window's height leaves room for (none in a
 * window made short).
 */
export function PopOutPlayer({ popOutWindow }: { popOutWindow: Window }) {
  const { t, i18n } = useLingui();
  const { name } = useStation();
  const track = useDisplayTrack();
  const chatLines = useChatFollower(readLatest, NO_MESSAGES);

  useLayoutEffect(() => {
    copyStyles(document, popOutWindow.document);
  }, [popOutWindow]);
  useLayoutEffect(() => {
    // The page's language and direction, again whenever the listener picks another language.
    popOutWindow.document.documentElement.lang = i18n.locale;
    popOutWindow.document.documentElement.dir = isLocale(i18n.locale) ? localeDirection(i18n.locale) : 'ltr';
  }, [popOutWindow, i18n.locale]);
  useLayoutEffect(() => {
    popOutWindow.document.title = `${track.title} · ${name}`;
  }, [popOutWindow, track.title, name]);

  return createPortal(
    <main className="pop-out-player" aria-label={t`${name} player`}>
      <img
        className="pop-out-player__art"
        src={track.artwork || '/images/logo.svg'}
        alt=""
        width="96"
        height="96"
        onError={(event) => {
          // A feed's artwork that fails to load gives way to the station's logo.
          if (!event.currentTarget.src.endsWith('/images/logo.svg'))
            event.currentTarget.src = '/images/logo.svg';
        }}
      />
      <p className="pop-out-player__text">
        <span className="pop-out-player__title">{track.title}</span>
        <span className="pop-out-player__artist">{track.artist}</span>
      </p>
      <div className="pop-out-player__controls">
        <MuteButton />
        <PlayButton />
      </div>
      {chatLines.length > 0 ? (
        <section className="pop-out-player__chat" aria-label={t`Chat`}>
          <ol className="pop-out-player__lines">
            {chatLines.map((message) => (
              <li key={message.id} className="pop-out-player__line">
                <span className="pop-out-player__name">{message.name}</span> {message.text}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </main>,
    popOutWindow.document.body,
  );
}
