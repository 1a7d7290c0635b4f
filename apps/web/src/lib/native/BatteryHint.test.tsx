import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readStored } from '../storage.ts';
import * as stored from '../stored.ts';
import { BatteryHint } from './BatteryHint.tsx';

const inApp = (platform: 'android' | 'ios') =>
  ((globalThis as { Capacitor?: unknown }).Capacitor = {
    isNativePlatform: () => true,
    getPlatform: () => platform,
  });

beforeEach(() => localStorage.clear());
afterEach(() => delete (globalThis as { Capacitor?: unknown }).Capacitor);

describe('BatteryHint', () => {
  it('tells an Android app listener how to exempt the app, until Got it', async () => {
    inApp('android');
    const { rerender } = render(<BatteryHint appName="FIWL Radio" listening />);
    expect(screen.getByRole('complementary', { name: 'Keep the music playing' })).toHaveTextContent(
      'Settings → Apps → FIWL Radio → Battery',
    );
    expect(screen.getByRole('link', { name: 'Steps for your phone' })).toHaveAttribute(
      'href',
      'https://dontkillmyapp.com',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(readStored(stored.batteryHintDismissed)).toBe(true);
    rerender(<BatteryHint appName="FIWL Radio" listening />);
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('stays away while not listening, on iOS and in browsers', () => {
    inApp('android');
    const { rerender } = render(<BatteryHint appName="FIWL Radio" listening={false} />);
    expect(screen.queryByRole('complementary')).toBeNull();
    inApp('ios');
    rerender(<BatteryHint appName="FIWL Radio" listening />);
    expect(screen.queryByRole('complementary')).toBeNull();
    delete (globalThis as { Capacitor?: unknown }).Capacitor;
    rerender(<BatteryHint appName="FIWL Radio" listening />);
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});
