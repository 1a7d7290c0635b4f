import { useLingui } from '@lingui/react/macro';
import '../styles/card-open.css';

/**
 * Makes a whole show card tappable (it opens the show's details) while its own buttons — heart,
 * Edit, Delete — stay on top and keep working. The card needs `position: relative`
 * (`card-openable`). A real, named button, so it is reachable by keyboard and screen reader.
 */
export function CardOpenButton({ label, onOpen }: { label: string; onOpen: () => void }) {
  const { t } = useLingui();
  return <button type="button" className="card-open" aria-label={t`Details of ${label}`} onClick={onOpen} />;
}
