import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { formatSlotTime, NEW_SLOT_INDEX, parseSlotTime, type ShowSlot, type Weekday } from '@onair/core';
import { useId, useState, type FormEvent } from 'react';
import { weekdayName } from '../../lib/i18n/weekday.ts';
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

const FIELDS: { name: keyof ShowSlot; label: MessageDescriptor; hint?: MessageDescriptor }[] = [
  { name: 'time', label: msg`Time`, hint: msg`e.g. 6pm - 7pm or 18:00 - 19:00` },
  { name: 'artist', label: msg`Artist` },
  { name: 'show', label: msg`Show` },
  { name: 'genre', label: msg`Genre`, hint: msg`e.g. House/Techno` },
  { name: 'image', label: msg`Image`, hint: msg`Leave empty to use the artist’s image` },
];

/**
 * What the schedule reads in the time typed, said as the admin types: the times and the notation it
 * read them in, whether the show runs past midnight and every other week; or, for text it cannot read,
 * that the show will never be on air and how to write it. Nothing for an empty field.
 */
function slotTimeReading(text: string): { read: boolean; message: string } | null {
  if (text.trim() === '') return null;
  const time = parseSlotTime(text);
  if (!time) {
    return {
      read: false,
      message: t`This time cannot be read, so the show will never be shown as on air. Write it as 6pm - 7pm or 18:00 - 19:00 (18.00–19.00 and 18h - 19h work too), with (Bi-weekly) after it for a show every other week.`,
    };
  }
  const range = formatSlotTime({ ...time, biWeekly: false }, time.clock);
  const clock = time.clock === '24-hour' ? t`24-hour` : t`12-hour`;
  const details = [time.spansMidnight ? t`ending the next day` : '', time.biWeekly ? t`every other week` : '']
    .filter(Boolean)
    .join(', ');
  return {
    read: true,
    message: details ? t`Read as ${range} (${clock}), ${details}.` : t`Read as ${range} (${clock}).`,
  };
}

/** The slot editor. No field is required (spec §5): the server keeps what is typed, within its limits. */
export function EditSlotModal({ edit, saving, onSave, onClose }: EditSlotModalProps) {
  const { t } = useLingui();
  const title = edit?.index === NEW_SLOT_INDEX ? t`Add New Show` : t`Edit Show`;
  return (
    <Modal
      open={edit !== null}
      title={title}
      description={edit ? weekdayName(edit.day) : undefined}
      onClose={onClose}
    >
      {edit ? (
        <SlotForm
          key={`${edit.day}-${edit.index}`}
          initial={edit.slot}
          saving={saving}
          onSave={onSave}
          onCancel={onClose}
        />
      ) : null}
    </Modal>
  );
}

function SlotForm({
  initial,
  saving,
  onSave,
  onCancel,
}: {
  initial: ShowSlot;
  saving: boolean;
  onSave: (slot: ShowSlot) => void;
  onCancel: () => void;
}) {
  const [slot, setSlot] = useState(initial);
  const { t, i18n } = useLingui();
  const idPrefix = useId();
  const timeReading = slotTimeReading(slot.time);
  const timeNoteId = `${idPrefix}-time-note`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(slot);
  };
  return (
    <form className="edit-form" onSubmit={submit}>
      {FIELDS.map((field) => (
        <div key={field.name} className="edit-form__field">
          <label className="edit-form__label" htmlFor={`${idPrefix}-${field.name}`}>
            {i18n._(field.label)}
          </label>
          <input
            id={`${idPrefix}-${field.name}`}
            className="edit-form__input"
            value={slot[field.name]}
            placeholder={field.hint ? i18n._(field.hint) : undefined}
            maxLength={field.name === 'image' ? 2000 : 200}
            autoComplete="off"
            aria-describedby={field.name === 'time' && timeReading ? timeNoteId : undefined}
            aria-invalid={field.name === 'time' && timeReading?.read === false ? true : undefined}
            onChange={(event) => setSlot({ ...slot, [field.name]: event.target.value })}
          />
          {field.name === 'time' ? (
            // Always there, so screen readers hear each new reading as the admin types.
            <span
              id={timeNoteId}
              className={timeReading?.read === false ? 'edit-form__error' : 'edit-form__note'}
              aria-live="polite"
            >
              {timeReading?.message}
            </span>
          ) : null}
        </div>
      ))}
      <div className="edit-form__actions">
        <button type="button" className="pill-button" onClick={onCancel}>
          {t`Cancel`}
        </button>
        <button type="submit" className="pill-button pill-button--primary" disabled={saving}>
          {saving ? t`Saving…` : t`Save`}
        </button>
      </div>
    </form>
  );
}
