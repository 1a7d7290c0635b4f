import { render, screen } from '@testing-library/react';
import { INITIAL_DATA_ELEMENT_ID } from '@onair/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubStationFetch, testStation } from '../test/fixtures.ts';
import { StationProvider, useStation } from './station-context.tsx';

function Probe() {
  const { status, name, tagline } = useStation();
  return <p data-testid="probe">{`${status} ${name} ${tagline}`}</p>;
}

describe('the data the server writes into the page', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.resetModules();
  });
  afterEach(() => document.getElementById(INITIAL_DATA_ELEMENT_ID)?.remove());

  function writeIntoPage(text: string) {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = INITIAL_DATA_ELEMENT_ID;
    element.textContent = text;
    document.head.append(element);
  }
  const nowPlaying = { title: 'Song', artist: 'Band', album: '', artwork: '', updatedAt: null };

  it('is read and validated once', async () => {
    const data = {
      station: testStation,
      schedule: null,
      nowPlaying,
      showImages: ['/images/shows/a_400.jpg'],
    };
    writeIntoPage(JSON.stringify(data));
    const { initialData } = await import('./initial-data.ts');
    expect(initialData()).toEqual(data);
  });

  it('is ignored when it is not JSON or not the right shape', async () => {
    writeIntoPage('{"station": </script>');
    expect((await import('./initial-data.ts')).initialData()).toBeNull();
    vi.resetModules();
    document.getElementById(INITIAL_DATA_ELEMENT_ID)!.textContent = JSON.stringify({
      station: { name: 'x' },
      schedule: null,
      nowPlaying,
      showImages: [],
    });
    expect((await import('./initial-data.ts')).initialData()).toBeNull();
  });

  it('lets a show image the server lacks be the fallback at once, with no request that would 404', async () => {
    writeIntoPage(
      JSON.stringify({
        station: testStation,
        schedule: null,
        nowPlaying,
        showImages: ['/images/shows/DJ_Tadhg_400.jpg'],
      }),
    );
    const { ShowImage } = await import('../ui/ShowImage.tsx');
    const { container } = render(
      <>
        <ShowImage slot={{ artist: 'DJ Tadhg', image: '' }} />
        <ShowImage slot={{ artist: 'Nobody Known', image: '' }} />
      </>,
    );
    const sources = [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources).toEqual(['/images/shows/DJ_Tadhg_400.jpg', '/images/shows/fallback_400.jpg']);
  });

  it('names the station in the first render, before /api/station answers', () => {
    stubStationFetch();
    render(
      <StationProvider initial={{ ...testStation, name: 'Inlined FM' }}>
        <Probe />
      </StationProvider>,
    );
    expect(screen.getByTestId('probe')).toHaveTextContent(`ready Inlined FM ${testStation.tagline}`);
  });
});
