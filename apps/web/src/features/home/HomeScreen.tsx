import { useStation } from '../../lib/station-context.tsx';
import '../../styles/home-screen.css';

/** Foundation placeholder: the on-air card, controls and shortcuts arrive in later issues. */
export function HomeScreen() {
  const { name } = useStation();
  return (
    <section className="home-screen" aria-labelledby="home-title">
      <div className="home-screen__card">
        <p className="home-screen__eyebrow">
          <span className="home-screen__pulse" aria-hidden="true" />
          Live radio
        </p>
        <h1 id="home-title" className="home-screen__title">
          {name}
        </h1>
        <p className="home-screen__note">What’s on air and the player will appear here.</p>
      </div>
    </section>
  );
}
