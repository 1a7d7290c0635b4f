import { showImagePath, type ShowSlot } from '@onair/core';
import { useState } from 'react';

const FALLBACK_SHOW_IMAGE = '/images/shows/fallback_400.jpg';

/**
 * A slot's image with the fallback for a missing or broken one (spec §3). Decorative: the names
 * are text beside it. (features/schedule has the same piece; it belongs in ui/ once both settle.)
 */
export function ShowArt({
  slot,
  className,
}: {
  slot: Pick<ShowSlot, 'artist' | 'image'>;
  className: string;
}) {
  const src = showImagePath(slot);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  return (
    <img
      className={className}
      src={failedSrc === src ? FALLBACK_SHOW_IMAGE : src}
      alt=""
      width={400}
      height={400}
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  );
}
