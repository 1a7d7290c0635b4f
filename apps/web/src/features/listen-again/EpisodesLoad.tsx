import { Trans } from '@lingui/react/macro';
import type { Episode } from '@onair/core';
import type { ReactNode } from 'react';
import type { Loaded } from '../../lib/episodes-api.ts';

/**
 * A list of episodes as it loads: a note while loading, the way to try again when it failed,
 * `empty` when there are none, else `children` drawing them.
 */
export function EpisodesLoad({
  episodes,
  retry,
  empty,
  children,
}: {
  episodes: Loaded<readonly Episode[]>;
  retry: () => void;
  empty: ReactNode;
  children: (episodes: readonly Episode[]) => ReactNode;
}) {
  if (episodes.state === 'loading') {
    return (
      <p className="screen__note" role="status">
        <Trans>Loading episodes…</Trans>
      </p>
    );
  }
  if (episodes.state === 'failed') {
    return (
      <div className="screen__note" role="alert">
        <p>
          <Trans>Couldn’t load the episodes. Check your connection and try again.</Trans>
        </p>
        <button type="button" className="listen-again__retry" onClick={retry}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }
  if (episodes.value.length === 0) return <p className="screen__note">{empty}</p>;
  return children(episodes.value);
}
