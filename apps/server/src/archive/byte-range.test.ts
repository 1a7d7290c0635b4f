import { describe, expect, it } from 'vitest';
import { parseByteRange } from './byte-range.ts';

describe('parseByteRange', () => {
  it('serves the whole body without a header', () => {
    expect(parseByteRange(undefined, 100)).toEqual({ kind: 'whole' });
  });

  it('reads a range, an open range and a suffix, cutting the end to the body', () => {
    expect(parseByteRange('bytes=0-9', 100)).toEqual({ kind: 'part', start: 0, end: 9 });
    expect(parseByteRange('bytes=90-', 100)).toEqual({ kind: 'part', start: 90, end: 99 });
    expect(parseByteRange('bytes=-10', 100)).toEqual({ kind: 'part', start: 90, end: 99 });
    expect(parseByteRange('bytes=-1000', 100)).toEqual({ kind: 'part', start: 0, end: 99 });
    expect(parseByteRange('bytes=50-1000000', 100)).toEqual({ kind: 'part', start: 50, end: 99 });
  });

  it.each([
    'bytes=100-',
    'bytes=100-200',
    'bytes=9-3',
    'bytes=-0',
    'bytes=-',
    'bytes=0-1,5-6',
    'items=0-1',
    'bytes=abc',
    'bytes=0-99999999999999999999',
    'bytes= 0-1',
  ])('refuses %s as unsatisfiable', (header) => {
    expect(parseByteRange(header, 100)).toEqual({ kind: 'unsatisfiable' });
  });

  it('refuses any range of an empty body', () => {
    expect(parseByteRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});
