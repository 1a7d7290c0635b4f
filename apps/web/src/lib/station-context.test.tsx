import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubStationFetch, testStation } from '../test/fixtures.ts';
import { DEFAULT_STATION_NAME, StationProvider, useStation } from './station-context.tsx';

function Probe() {
  const { status, name, tagline, reload } = useStation();
  return (
    <div>
      <p data-testid="status">{status}</p>
      <p data-testid="name">{name}</p>
      <p data-testid="tagline">{tagline}</p>
      <button type="button" onClick={reload}>
        Reload
      </button>
    </div>
  );
}

describe('StationProvider', () => {
  // The provider keeps the last good answer in localStorage (lib/station-cache.ts).
  beforeEach(() => localStorage.clear());

  it('fetches /api/station once and exposes the tagline', async () => {
    const fetchMock = stubStationFetch();
    render(
      <StationProvider>
        <Probe />
      </StationProvider>,
    );
    expect(screen.getByTestId('status')).toHaveTextContent('loading');
    expect(await screen.findByText(testStation.tagline)).toBeInTheDocument();
    expect(screen.getByTestId('name')).toHaveTextContent('Test FM');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(document.title).toBe('Test FM');
  });

  it('survives a failing fetch with defaults, and can retry', async () => {
    stubStationFetch({ status: 500 });
    render(
      <StationProvider>
        <Probe />
      </StationProvider>,
    );
    expect(await screen.findByText('error')).toBeInTheDocument();
    expect(screen.getByTestId('name')).toHaveTextContent(DEFAULT_STATION_NAME);
    expect(screen.getByTestId('tagline')).toHaveTextContent('Live internet radio');

    stubStationFetch();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText(testStation.tagline)).toBeInTheDocument();
  });

  it('treats a payload that does not match the schema as a failure', async () => {
    stubStationFetch({ body: { name: 'No tagline' } });
    render(
      <StationProvider>
        <Probe />
      </StationProvider>,
    );
    expect(await screen.findByText('error')).toBeInTheDocument();
    expect(screen.getByTestId('name')).toHaveTextContent(DEFAULT_STATION_NAME);
  });

  it('useStation() throws outside its provider', () => {
    // React logs the thrown error before rethrowing; keep the test output clean.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Probe />)).toThrow('useStation() must be used inside <StationProvider>');
  });

  it('shows the last station it received when /api/station cannot be reached (offline)', async () => {
    stubStationFetch();
    const first = render(
      <StationProvider>
        <Probe />
      </StationProvider>,
    );
    expect(await screen.findByText(testStation.tagline)).toBeInTheDocument();
    first.unmount();

    stubStationFetch({ status: 503 });
    render(
      <StationProvider>
        <Probe />
      </StationProvider>,
    );
    // Shown at once, before the failing request settles, and kept after it.
    expect(screen.getByTestId('name')).toHaveTextContent('Test FM');
    expect(await screen.findByText('error')).toBeInTheDocument();
    expect(screen.getByTestId('tagline')).toHaveTextContent(testStation.tagline);
  });
});
