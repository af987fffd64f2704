/**
 * `npm run demo:map` in headless Chromium, on the built ESM package: the page draws the
 * fake's stations and clusters, pans by drag and zooms by wheel, waits on the page's own
 * state (never a timer), sends no request when panning back, and shows a station's details
 * on click. The screenshot is kept in test/.artifacts/.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMapDemo, type MapDemo } from '../../examples/map/server.js';
import { buildAndPack, REPO_ROOT, type BuiltPackage } from './support/built-package.js';
import { launchChromium } from './support/browser.js';

let pkg: BuiltPackage;
let demo: MapDemo;
let browser: Browser;

beforeAll(async () => {
  pkg = await buildAndPack();
  demo = await startMapDemo({ port: 0, packageDir: join(pkg.dir, 'dist/esm') });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await demo?.close();
  await pkg?.remove();
});

/** Waits until the page has completed `views` views and is idle. */
async function idleAfter(page: Page, views: number): Promise<void> {
  await page.waitForFunction(
    (n) =>
      document.body.dataset.state === 'failed' ||
      (document.body.dataset.state === 'idle' && Number(document.body.dataset.views) >= n),
    views,
  );
  expect(await page.textContent('#error')).toBe('');
}

/** Pixels of the canvas in a colour, counted in the page. */
function pixels(page: Page, rgb: readonly [number, number, number]): Promise<number> {
  return page.evaluate(([r, g, b]) => {
    const canvas = document.getElementById('map') as HTMLCanvasElement;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let count = 0;
    for (let i = 0; i < data.length; i += 4)
      if (data[i] === r && data[i + 1] === g && data[i + 2] === b) count++;
    return count;
  }, rgb);
}

const CLUSTER_BLUE = [0x1f, 0x5f, 0xbf] as const;

interface Drawn {
  x: number;
  y: number;
  feature: { station_id?: string; properties: { count: number } };
}

describe('the map demo in a browser', () => {
  it('draws, pans, pans back without a request, zooms, and shows a station', async () => {
    const page = await browser.newPage({ viewport: { width: 900, height: 800 } });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(demo.url);
    await idleAfter(page, 1);
    expect(Number(await page.getAttribute('body', 'data-features'))).toBeGreaterThan(0);
    expect(await pixels(page, CLUSTER_BLUE)).toBeGreaterThan(100);
    expect(demo.tileRequests.length).toBeGreaterThan(0);

    const box = (await page.locator('#map').boundingBox())!;
    const mid = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const drag = async (dx: number, dy: number) => {
      await page.mouse.move(mid.x, mid.y);
      await page.mouse.down();
      await page.mouse.move(mid.x + dx, mid.y + dy, { steps: 5 });
      await page.mouse.up();
    };
    const atStart = demo.tileRequests.length;
    await drag(-300, -200);
    await idleAfter(page, 2);
    expect(demo.tileRequests.length).toBeGreaterThan(atStart);
    const afterPan = demo.tileRequests.length;
    await drag(300, 200);
    await idleAfter(page, 3);
    expect(demo.tileRequests.length).toBe(afterPan);

    await page.mouse.move(mid.x, mid.y);
    await page.mouse.wheel(0, -120);
    await page.waitForSelector('body[data-zoom="13"]');
    await idleAfter(page, 4);
    await page.mouse.wheel(0, -120);
    await page.waitForSelector('body[data-zoom="14"]');
    await idleAfter(page, 5);
    const features = await page.evaluate(() =>
      (window as unknown as { mapDemo: { features(): Drawn[] } }).mapDemo.features(),
    );
    const station = features.find(
      (d) =>
        d.feature.station_id !== undefined &&
        d.x > 20 &&
        d.y > 20 &&
        d.x < box.width - 20 &&
        d.y < box.height - 20,
    );
    expect(station).toBeDefined();
    await page.mouse.click(box.x + station!.x, box.y + station!.y);
    await page.waitForSelector(`#details[data-station-id="${station!.feature.station_id}"]`);
    expect(await page.textContent('#details')).toMatch(/charge points/);

    await mkdir(join(REPO_ROOT, 'test/.artifacts'), { recursive: true });
    await page.screenshot({
      path: join(REPO_ROOT, 'test/.artifacts/map-demo.png'),
      fullPage: true,
    });
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);
});
