import { showImagePath, type ShowSlot } from '@onair/core';
import { useState } from 'react';

export const FALLBACK_SHOW_IMAGE = '/images/shows/fallback_400.jpg';

/** A slot's 400 px image; the fallback replaces a missing or broken one (spec §3). Decorative: the names are text beside it. */
export function ShowImage({ slot, className }: { slot: Pick<ShowSlot, 'artist' | 'image'>; className?: string }) {
  const src = showImagePath(slot);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  return (
    <img
      className={className}
      src={failedSrc === src ? FALLBACK_SHOW_IMAGE : src}
      alt=""
      width={400}
      height={400}
      loading="lazy"
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  );
}
