import { ScreenHeader } from '../../ui/ScreenHeader.tsx';

/** Foundation placeholder: the weekly carousel arrives in a later issue. */
export function ScheduleScreen() {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <ScreenHeader title="Today's Schedule" />
      <p className="screen__note">The weekly schedule will appear here.</p>
    </section>
  );
}
