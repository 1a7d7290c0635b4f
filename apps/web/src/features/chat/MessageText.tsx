import { messageParts } from '@onair/core';

/**
 * A message's text as React text nodes, with http(s) links as anchors that cannot reach back into
 * the app (noopener), leak where the listener came from (noreferrer) or lend it ranking (nofollow).
 * Never HTML: whatever a listener writes is only ever text. Which URLs are links, and what a link
 * shows (the host it opens), is core's `messageParts`.
 */
export function MessageText({
  text,
  mentions,
  myName,
}: {
  text: string;
  mentions: readonly string[];
  myName: string | null;
}) {
  return (
    <>
      {messageParts(text, mentions).map((piece, index) => {
        if (piece.kind === 'link')
          return (
            <a key={index} href={piece.href} target="_blank" rel="noopener noreferrer nofollow">
              {piece.text}
            </a>
          );
        if (piece.kind === 'mention') {
          const me = myName !== null && piece.name.toLocaleLowerCase() === myName.toLocaleLowerCase();
          return (
            <span key={index} className={me ? 'chat-mention chat-mention--me' : 'chat-mention'}>
              {piece.text}
            </span>
          );
        }
        return piece.text;
      })}
    </>
  );
}
