import { afterEach, describe, expect, it } from 'vitest';
import { isStandalone } from './install-platform.ts';

afterEach(() => delete (globalThis as { Capacitor?: unknown }).Capacitor);

describe('the install offer inside the store apps', () => {
  it('counts the app as installed, so the install modal never offers to install it again', () => {
    expect(isStandalone()).toBe(false);
    (globalThis as { Capacitor?: unknown }).Capacitor = { isNativePlatform: () => true };
    expect(isStandalone()).toBe(true);
  });
});
