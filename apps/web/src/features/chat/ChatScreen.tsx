import { ScreenHeader } from '../../ui/ScreenHeader.tsx';

/** Loaded on demand (route `lazy`). Foundation placeholder: the chat room arrives in a later issue. */
export function ChatScreen() {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <ScreenHeader title="Chat" />
      <p className="screen__note">Chat is coming soon.</p>
    </section>
  );
}
