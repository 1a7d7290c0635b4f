import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { waitFor } from '../fixtures/ports.ts';
import { REPO_ROOT } from '../fixtures/server.ts';

/**
 * Presses Play on Home and waits for real sound: the player's <audio> currentTime advancing is the
 * honest sign in headless Chromium (the 'playing' event fires before any sample is heard).
 */
export async function playAndWaitForSound(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  const audio = page.getByTestId('player-audio');
  const start = await waitFor('the stream to start', async () => {
    const time = await audio.evaluate((element) => (element as HTMLAudioElement).currentTime);
    return time > 0 ? time : null;
  }, 30_000);
  await waitFor('the stream to keep playing', async () => {
    return (await audio.evaluate((element) => (element as HTMLAudioElement).currentTime)) > start + 0.5;
  }, 30_000);
}

export async function audioState(page: Page): Promise<{ paused: boolean; volume: number }> {
  return page.getByTestId('player-audio').evaluate((element) => {
    const audio = element as HTMLAudioElement;
    return { paused: audio.paused, volume: audio.volume };
  });
}

const AXE_SOURCE = readFileSync(join(REPO_ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core on `selector` and returns the serious and critical violations, readably. */
export async function seriousA11yViolations(page: Page, selector: string): Promise<string[]> {
  // Evaluated rather than added as a <script>: the app's CSP rightly refuses inline scripts.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (context) => {
    const axe = (window as unknown as { axe: { run: (context: string) => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(context)).violations;
  }, selector);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

export function storedJson(page: Page, key: string): Promise<unknown> {
  return page.evaluate((storageKey) => JSON.parse(localStorage.getItem(storageKey) ?? 'null') as unknown, key);
}
