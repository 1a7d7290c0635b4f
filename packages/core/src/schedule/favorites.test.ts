import { describe, it, expect } from 'vitest';
import { favoriteId, favoriteName, favoriteNames } from './favorites.ts';

describe('favoriteId', () => {
  it('joins artist and show with a dash', () => {
    expect(favoriteId({ artist: 'Seán Ó Briain', show: 'Deep Dublin' })).toBe('Seán Ó Briain-Deep Dublin');
  });

  it("uses 'Show' when the show name is empty or blank", () => {
    expect(favoriteId({ artist: 'Cian Mc Grath', show: '' })).toBe('Cian Mc Grath-Show');
    expect(favoriteId({ artist: 'Cian Mc Grath', show: '  ' })).toBe('Cian Mc Grath-Show');
  });
});

describe('favoriteName', () => {
  it("names a show 'Show — Artist', and by the artist alone when the show is blank or the artist's name", () => {
    expect(favoriteName({ artist: 'Seán Ó Briain', show: ' Deep Dublin ' })).toBe(
      'Deep Dublin — Seán Ó Briain',
    );
    expect(favoriteName({ artist: 'Cian Mc Grath', show: '  ' })).toBe('Cian Mc Grath');
    expect(favoriteName({ artist: 'DJ Tadhg', show: 'DJ Tadhg' })).toBe('DJ Tadhg');
  });
});

describe('favoriteNames', () => {
  it('lists each show of the week once, by favourite id', () => {
    const slot = { time: '07:00 - 09:00', artist: 'Aoife', show: 'Early Doors', genre: '', image: '' };
    const names = favoriteNames([
      { day: 'Monday', shows: [slot, { ...slot, show: '' }] },
      { day: 'Tuesday', shows: [slot] },
    ]);
    expect([...names]).toEqual([
      ['Aoife-Early Doors', 'Early Doors — Aoife'],
      ['Aoife-Show', 'Aoife'],
    ]);
  });
});
