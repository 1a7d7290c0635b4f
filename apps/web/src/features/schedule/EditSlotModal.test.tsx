import { EMPTY_SLOT, NEW_SLOT_INDEX, type ShowSlot } from '@onair/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EditSlotModal } from './EditSlotModal.tsx';

const user = userEvent.setup({ delay: null });

function openForm(onSave: (slot: ShowSlot) => void = () => undefined) {
  render(
    <EditSlotModal
      edit={{ day: 'Friday', index: NEW_SLOT_INDEX, original: null, slot: EMPTY_SLOT }}
      saving={false}
      onSave={onSave}
      onClose={() => undefined}
    />,
  );
  return screen.getByLabelText('Time', { exact: true });
}

/** What the form says under the time field, via the field's description. */
const note = (field: HTMLElement) =>
  screen.getByText((_, element) => element?.id === field.getAttribute('aria-describedby'));

describe('EditSlotModal: the time field', () => {
  it.each([
    ['18:00 - 19:00', 'Read as 18:00 – 19:00 (24-hour).'],
    ['18.00–19.00', 'Read as 18:00 – 19:00 (24-hour).'],
    ['18h - 19h30', 'Read as 18:00 – 19:30 (24-hour).'],
    ['6pm - 7pm', 'Read as 6pm – 7pm (12-hour).'],
    ['11pm - 2am (Bi-weekly)', 'Read as 11pm – 2am (12-hour), ending the next day, every other week.'],
    ['23:00 - 02:00 (Coicísiúil)', 'Read as 23:00 – 02:00 (24-hour), ending the next day, every other week.'],
  ])('says how it reads %j', async (typed, said) => {
    const field = openForm();
    await user.type(field, typed);
    expect(note(field)).toHaveTextContent(said);
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('says clearly when it cannot read the time, and how to write it, yet saves it as typed (spec §5)', async () => {
    const onSave = vi.fn();
    const field = openForm(onSave);
    await user.type(field, '18 - 19');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(note(field)).toHaveTextContent(
      'This time cannot be read, so the show will never be shown as on air. Write it as 6pm - 7pm or 18:00 - 19:00',
    );
    expect(note(field)).toHaveClass('edit-form__error');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledExactlyOnceWith({ ...EMPTY_SLOT, time: '18 - 19' });
  });

  it('says nothing while the field is empty', () => {
    const field = openForm();
    expect(field).not.toHaveAttribute('aria-describedby');
    expect(field).toHaveAttribute('placeholder', 'e.g. 6pm - 7pm or 18:00 - 19:00');
  });
});
