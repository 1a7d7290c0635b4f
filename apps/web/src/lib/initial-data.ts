import { INITIAL_DATA_ELEMENT_ID, initialDataSchema, type InitialData } from '@onair/core';

let read: InitialData | null | undefined;

/**
 * The station, schedule and now-playing the server wrote into index.html, so the first render needs
 * no API round trip. Null when absent (Vite's dev server, tests) or invalid: the app then fetches
 * them as before. Parsed once per page.
 */
export function initialData(): InitialData | null {
  if (read !== undefined) return read;
  const text = document.getElementById(INITIAL_DATA_ELEMENT_ID)?.textContent;
  read = null;
  if (!text) return read;
  try {
    const parsed = initialDataSchema.safeParse(JSON.parse(text));
    if (parsed.success) read = parsed.data;
  } catch {
    // Not JSON: treated as absent, and the app loads everything over the API.
  }
  return read;
}

/** The server's prerender of a screen: the same data, handed over, as there is no page to read yet. */
export function provideInitialData(data: InitialData): void {
  read = data;
}
