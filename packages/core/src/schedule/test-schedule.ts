// A realistic week for tests only (not exported from index.ts): replays fill every gap from 12am,
// Sunday ends with the live '11pm - 2am' spill into Monday, and Wednesday is stored out of order.
import type { Schedule, ShowSlot } from './types.ts';

const replay = (time: string): ShowSlot => ({
  time,
  artist: 'Play Show Replays',
  show: '',
  genre: 'Various',
  image: '',
});
const live = (time: string, artist: string, show: string, genre: string): ShowSlot => ({
  time,
  artist,
  show,
  genre,
  image: '',
});

export const TEST_SCHEDULE: Schedule = [
  {
    day: 'Monday',
    shows: [
      replay('12am - 6pm'),
      live('6pm - 8pm', 'Seán Ó Briain', 'Deep Dublin', 'Deep House/Tech House'),
      live('8pm - 10pm', 'Aoife Mac Suibhne', 'Warehouse', 'Techno'),
      replay('10pm - 12am'),
    ],
  },
  {
    day: 'Tuesday',
    shows: [
      replay('12am - 9am'),
      live('9am - 11am (Bi-weekly)', "Dara O'Brien", 'Morning Grooves', 'Disco/Funk'),
      replay('11am - 6:30pm'),
      live('6:30pm - 8pm', 'Éanna', 'Cork Calling', 'Drum & Bass'),
      replay('8pm - 12am'),
    ],
  },
  {
    day: 'Wednesday',
    shows: [
      live('7pm - 9pm', 'Niamh Ní Bhriain', 'Midweek Mix', 'House'),
      replay('9pm - 12am'),
      replay('12am - 7pm'),
    ],
  },
  { day: 'Thursday', shows: [replay('12am - 12am')] },
  {
    day: 'Friday',
    shows: [replay('12am - 10pm'), live('10pm - 12am', 'Cian Mc Grath', '', 'Trance')],
  },
  {
    day: 'Saturday',
    shows: [
      replay('12am - 2pm'),
      live('2pm - 4pm', 'Róisín', 'Saturday Social', 'Soulful House'),
      replay('4pm - 12am'),
    ],
  },
  {
    day: 'Sunday',
    shows: [
      replay('12am - 4pm'),
      live('4pm - 6pm', 'Ciarán Ó Súilleabháin', 'Sunday Service', 'Balearic'),
      replay('6pm - 11pm'),
      live('11pm - 2am', 'Tadhg', 'Late Night Lab', 'Electro'),
    ],
  },
];
