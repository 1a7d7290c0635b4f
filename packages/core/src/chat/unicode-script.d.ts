// unicode-script ships no types; these are the functions core uses, as its README documents them.
declare module 'unicode-script' {
  /** True when the string's resolved script set (UTS #39, with augmented CJK sets) is not empty. */
  export function isSingleScript(text: string): boolean;
}
