import { useLingui } from '@lingui/react/macro';
import { CHAT_REACTIONS } from '@onair/core';
import { Modal } from '../../ui/Modal.tsx';

/** The reactions offered beyond the quick row: a dance floor's worth, each one emoji (the server allows any single one). */
export const MORE_REACTIONS = [
  ...CHAT_REACTIONS,
  '😍',
  '🤩',
  '😎',
  '🥳',
  '😮',
  '😢',
  '😡',
  '🤯',
  '💃',
  '🕺',
  '🎶',
  '🎧',
  '🎵',
  '🔊',
  '📻',
  '🪩',
  '👏',
  '🙏',
  '💯',
  '✨',
  '⚡',
  '🌈',
  '🍀',
  '☘️',
  '💜',
  '💙',
  '💚',
  '💛',
  '🧡',
  '🖤',
  '👀',
  '🤘',
] as const;

interface EmojiModalProps {
  open: boolean;
  onClose: () => void;
  onPick: (emoji: string) => void;
}

/** Every reaction on offer, as named buttons in a grid. */
export function EmojiModal({ open, onClose, onPick }: EmojiModalProps) {
  const { t } = useLingui();
  return (
    <Modal open={open} title={t`Choose a reaction`} onClose={onClose} className="chat-emoji-modal">
      <ul className="chat-emoji-grid">
        {MORE_REACTIONS.map((emoji) => (
          <li key={emoji}>
            <button type="button" aria-label={t`React ${emoji}`} onClick={() => onPick(emoji)}>
              {emoji}
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
