import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The eight bytes every PNG file starts with. */
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * Downloads the PnL card open on screen, the way a person would (its Download button), and checks
 * the file: a PNG (its signature), 1280 x 720 pixels (the header's size: the card drawn at twice its
 * 640 x 360 CSS size), of a plausible weight, under the product's name. Returns the bytes, for a
 * test to keep and look at.
 */
export async function downloadPnlCard(page: Page, product: 'lever' | 'micro'): Promise<Buffer> {
  const dialog = page.getByTestId('pnl-card-dialog');
  await expect(dialog.getByTestId('pnl-card-image')).toBeVisible({ timeout: 10_000 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByTestId('pnl-card-download').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^tessera-${product}-\\d+\\.png$`));
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  // IHDR: width and height, big-endian, at bytes 16 and 20.
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1280, 720]);
  expect(bytes.length).toBeGreaterThan(20_000);
  expect(bytes.length).toBeLessThan(1_500_000);
  return bytes;
}
