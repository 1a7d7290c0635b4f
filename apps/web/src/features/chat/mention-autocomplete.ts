/** The '@word' being typed right before the caret, for autocomplete; null when none is. */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([^\s@]{0,24})$/u.exec(before);
  if (!match) return null;
  const query = match[2] ?? '';
  return { start: caret - query.length - 1, query };
}

/** The recent chatters whose names start with `query` (case-insensitive), newest first, without me. */
export function mentionSuggestions(
  recentNames: readonly string[],
  query: string,
  me: string | null,
  limit = 5,
): string[] {
  const wanted = query.toLocaleLowerCase();
  const mine = me?.toLocaleLowerCase();
  return recentNames
    .filter((name) => name.toLocaleLowerCase() !== mine && name.toLocaleLowerCase().startsWith(wanted))
    .slice(0, limit);
}
