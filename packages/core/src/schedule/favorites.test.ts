import { describe, it, expect } from 'vitest';
import { favoriteId } from './favorites.ts';

describe('favoriteId', () => {
  it('joins artist and show with a dash', () => {
    expect(favoriteId({ artist: 'Seán Ó Briain', show: 'Deep Dublin' })).toBe('Seán Ó Briain-Deep Dublin');
  });

  it("uses 'Show' when the show name is empty or blank", () => {
    expect(favoriteId({ artist: 'Cian Mc Grath', show: '' })).toBe('Cian Mc Grath-Show');
    expect(favoriteId({ artist: 'Cian Mc Grath', show: '  ' })).toBe('Cian Mc Grath-Show');
  });
});
