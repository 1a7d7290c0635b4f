import { describe, expect, it } from 'vitest';
import { audienceCsv } from './audience-csv.ts';
import { csvCell, toCsv } from './csv.ts';
import { summarizeListeningSessions } from './listening-session.ts';

describe('CSV', () => {
  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Rock, Pop')).toBe('"Rock, Pop"');
    expect(csvCell('The "Late" Show')).toBe('"The ""Late"" Show"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(4.7)).toBe('4.7');
  });

  it('defuses a text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('Night Owls — Cian')).toBe('Night Owls — Cian');
  });

  it('ends every line with CRLF, header first', () => {
    expect(toCsv(['A', 'B'], [['x', 1]])).toBe('A,B\r\nx,1\r\n');
  });

  it('writes each audience table with the columns Insights shows', () => {
    const data = {
      audience: {
        byDay: [{ day: '2026-11-23', tlh: 3.9, aqh: 5, peak: 9, quarterHours: 4 }],
        byDaypart: [{ name: 'Breakfast', start: 6, end: 10, tlh: 2.9, aqh: 4.7, peak: 9, quarterHours: 3 }],
        byShow: [{ show: '=Night, Owls', tlh: 4, average: 9.6, peak: 12, minutes: 25 }],
      },
      sessions: summarizeListeningSessions(new Map([['5_15m', 2]])),
    };
    expect(audienceCsv('days', data)).toBe(
      'Day,TLH (hours),AQH persons,Peak listeners,Quarter-hours measured\r\n2026-11-23,3.9,5,9,4\r\n',
    );
    expect(audienceCsv('dayparts', data).split('\r\n')[1]).toBe('Breakfast,06:00–10:00,2.9,4.7,9,3');
    expect(audienceCsv('shows', data).split('\r\n')[1]).toBe(`"'=Night, Owls",9.6,12,4,25`);
    expect(audienceCsv('sessions', data).split('\r\n').slice(1, 4)).toEqual([
      'Under 1 minute,0',
      '1–5 minutes,0',
      '5–15 minutes,2',
    ]);
  });
});
