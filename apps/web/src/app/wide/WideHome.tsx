import { lazy, Suspense, type ReactNode } from 'react';
import '../../styles/wide-home.css';

// The chat screen's own chunk (the /chat route's), so it stays one chunk whichever way it is reached.
const ChatPanel = lazy(() =>
  import('../../features/chat/ChatScreen.tsx').then(({ ChatPanel }) => ({ default: ChatPanel })),
);

/**
 * Home and /chat on a wide window (issue 34): the music (Home: the player, now and next, recently
 * played) on one side, the live chat on the other, connected for as long as this view is shown;
 * `chatFocusKey` (on /chat) puts the focus in the chat. A chunk of its own, fetched only once the
 * window is wide (layout.tsx), so a phone's first paint carries none of it. Home comes in as `music`
 * from the layout, which has it already: imported here, the bundler split the app's first-paint
 * chunk in two dozen pieces, 5 KB heavier in gzip.
 */
export default function WideHome({ music, chatFocusKey }: { music: ReactNode; chatFocusKey: string | null }) {
  return (
    <div className="wide-home">
      <div className="wide-home__music">{music}</div>
      <div className="wide-home__chat">
        <Suspense
          fallback={
            <p className="chat-panel" role="status">
              Loading chat…
            </p>
          }
        >
          <ChatPanel focusKey={chatFocusKey} />
        </Suspense>
      </div>
    </div>
  );
}
