import { showImagePath, type ShowSlot } from '@onair/core';
import { useState } from 'react';
import { initialData } from '../lib/initial-data.ts';

const FALLBACK_SHOW_IMAGE = '/images/shows/fallback_400.jpg';

/**
 * A slot's 400 px image; the fallback replaces a missing or broken one (spec §3). Decorative: the
 * names are text beside it. `eager` for the one image above the fold, lazy for schedule lists.
 */
export function ShowImage({
  slot,
  className,
  eager = false,
}: {
  slot: Pick<ShowSlot, 'artist' | 'image'>;
  className?: string;
  eager?: boolean;
}) {
  const path = showImagePath(slot);
  // The server listed the images it has: one it lacks is the fallback at once, not a 404 first.
  const known = initialData()?.showImages;
  const src = known && !known.includes(path) ? FALLBACK_SHOW_IMAGE : path;
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  return (
    <img
      className={className}
      src={failedSrc === src ? FALLBACK_SHOW_IMAGE : src}
      alt=""
      width={400}
      height={400}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  );
}
