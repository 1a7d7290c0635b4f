type Utf8Decoder = { decode(bytes: Uint8Array): string };
type Utf8DecoderConstructor = new (
  label: 'utf-8',
  options: { fatal: boolean; ignoreBOM: boolean },
) => Utf8Decoder;

// TextDecoder exists in every runtime core runs in (browsers, workers, Node) but is declared by the
// DOM and Node type libraries, which core deliberately does not load; so it is read off globalThis.
// fatal: invalid UTF-8 throws instead of becoming U+FFFD, which is how correct text is recognised.
// ignoreBOM: a repaired U+FEFF must survive like any other character.
const { TextDecoder: Utf8DecoderImpl } = globalThis as unknown as { TextDecoder: Utf8DecoderConstructor };
const strictUtf8 = new Utf8DecoderImpl('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Undoes Icecast 2.4's double encoding, where UTF-8 bytes of a title were read as Latin-1 so that
 * 'Éire' arrives as 'Ã\u0089ire'. The text is taken back to bytes (one per char) and decoded as UTF-8
 * only when every char fits in a byte, at least one is non-ASCII, and the bytes are valid UTF-8.
 * Correct text ('Éire', 'Seán', any char above U+00FF) fails one of those tests and is left alone.
 */
export function repairMojibake(text: string): string {
  let hasHighByte = false;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code > 0xff) return text;
    if (code > 0x7f) hasHighByte = true;
    bytes[i] = code;
  }
  if (!hasHighByte) return text;
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return text;
  }
}
