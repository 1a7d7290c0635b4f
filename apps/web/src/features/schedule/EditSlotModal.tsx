import { NEW_SLOT_INDEX, type ShowSlot, type Weekday } from '@onair/core';
import { useId, useState, type FormEvent } from 'react';
import { Modal } from '../../ui/Modal.tsx';

/** The slot the modal edits: `original` as shown (null for a new slot), `slot` the form's starting values. */
export interface SlotDraft {
  day: Weekday;
  /** NEW_SLOT_INDEX for a new slot. */
  index: number;
  original: ShowSlot | null;
  slot: ShowSlot;
}

interface EditSlotModalProps {
  edit: SlotDraft | null;
  saving: boolean;
  onSave: (slot: ShowSlot) => void;
  onClose: () => void;
}

const FIELDS: { name: keyof ShowSlot; label: string; hint?: string }[] = [
  { name: 'time', label: 'Time', hint: 'e.g. 6pm - 7pm' },
  { name: 'artist', label: 'Artist' },
  { name: 'show', label: 'Show' },
  { name: 'genre', label: 'Genre', hint: 'e.g. House/Techno' },
  { name: 'image', label: 'Image', hint: 'Leave empty to use the artist’s image' },
];

/** The slot editor. No field is required (spec §5): the server keeps what is typed, within its limits. */
export function EditSlotModal({ edit, saving, onSave, onClose }: EditSlotModalProps) {
  const title = edit?.index === NEW_SLOT_INDEX ? 'Add New Show' : 'Edit Show';
  return (
    <Modal open={edit !== null} title={title} description={edit ? edit.day : undefined} onClose={onClose}>
      {edit ? <SlotForm key={`${edit.day}-${edit.index}`} initial={edit.slot} saving={saving} onSave={onSave} onCancel={onClose} /> : null}
    </Modal>
  );
}

function SlotForm({ initial, saving, onSave, onCancel }: { initial: ShowSlot; saving: boolean; onSave: (slot: ShowSlot) => void; onCancel: () => void }) {
  const [slot, setSlot] = useState(initial);
  const idPrefix = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(slot);
  };
  return (
    <form className="edit-form" onSubmit={submit}>
      {FIELDS.map((field) => (
        <label key={field.name} className="edit-form__field" htmlFor={`${idPrefix}-${field.name}`}>
          <span className="edit-form__label">{field.label}</span>
          <input
            id={`${idPrefix}-${field.name}`}
            className="edit-form__input"
            value={slot[field.name]}
            placeholder={field.hint}
            maxLength={field.name === 'image' ? 2000 : 200}
            autoComplete="off"
            onChange={(event) => setSlot({ ...slot, [field.name]: event.target.value })}
          />
        </label>
      ))}
      <div className="edit-form__actions">
        <button type="button" className="pill-button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="pill-button pill-button--primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
