/**
 * The genres of a slot's slash-separated genre text (spec §3: 'House/Techno'), trimmed, without
 * empty parts or repeats, in the order written.
 */
export function splitGenres(genre: string): string[] {
  const genres = genre
    .split('/')
    .map((part) => part.trim())
    .filter(Boolean);
  return [...new Set(genres)];
}
