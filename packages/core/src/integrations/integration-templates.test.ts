import { describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATES, renderTemplate, templateValues } from './integration-templates.ts';
import type { IntegrationEvent } from './integration-events.ts';

const values = {
  title: 'Song',
  artist: 'Band',
  show: 'Morning',
  link: 'https://radio.example',
  listeners: '12',
};

describe('renderTemplate', () => {
  it('replaces every placeholder, each as often as it appears', () => {
    expect(renderTemplate('{title} by {artist} on {show} ({listeners}) {link} {title}', values)).toBe(
      'Song by Band on Morning (12) https://radio.example Song',
    );
  });

  it('leaves unknown braces and template syntax as written: nothing is evaluated', () => {
    expect(renderTemplate('{constructor} ${process.env} {{title}} {Title} {title', values)).toBe(
      '{constructor} ${process.env} {Song} {Title} {title',
    );
  });

  it('does not expand placeholders inside a value (a song titled "{link}")', () => {
    expect(renderTemplate('{title} / {artist}', { ...values, title: '{link}', artist: '${1+1}' })).toBe(
      '{link} / ${1+1}',
    );
  });
});

describe('templateValues', () => {
  const show = {
    name: 'Deep Dublin',
    artist: 'Seán',
    genre: 'House',
    image: '',
    link: 'https://radio.example/schedule',
    day: 'Monday',
    time: '6pm - 8pm',
  };

  it("takes a track change's title, artist and show", () => {
    const event: IntegrationEvent = {
      type: 'track.changed',
      timestamp: '2026-01-01T00:00:00.000Z',
      data: {
        title: 'T',
        artist: 'A',
        show,
        startedAt: '2026-01-01T00:00:00.000Z',
        heardAt: '2026-01-01T00:00:05.000Z',
      },
    };
    expect(
      renderTemplate(DEFAULT_TEMPLATES['track.changed'], templateValues(event, 'https://radio.example')),
    ).toBe('Now playing: T by A https://radio.example');
  });

  it("links a show's start to its page", () => {
    const event: IntegrationEvent = { type: 'show.started', timestamp: 'x', data: { show, at: 'x' } };
    expect(
      renderTemplate(DEFAULT_TEMPLATES['show.started'], templateValues(event, 'https://radio.example')),
    ).toBe('Deep Dublin with Seán is on air now. Listen live: https://radio.example/schedule');
  });

  it('gives a peak its listener count', () => {
    const event: IntegrationEvent = {
      type: 'listeners.peak',
      timestamp: 'x',
      data: { listeners: 42, day: '2026-01-01', at: 'x' },
    };
    expect(templateValues(event, '').listeners).toBe('42');
  });
});
