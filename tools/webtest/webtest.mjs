// make web-test: opens the browser build of Slidelab in headless Chromium,
// waits for the board to render, presses Step and checks that the view
// changed. Exits 0 when it did, 1 otherwise (with the reason on stderr).
//
//   node tools/webtest/webtest.mjs URL OUTDIR
//
// URL is where the folder of make web is served; OUTDIR gets the
// screenshots (web-loaded.png before Step, web-step.png after it) and a
// timing summary (web-timing.txt). CHROMIUM overrides the browser
// (default /usr/bin/chromium, Debian's). WEBTEST_TIMEOUT (seconds, default
// 300) bounds the wait for the first frame of the board.
//
// Fyne draws everything into one WebGL canvas, so the page has no DOM or
// accessibility tree to inspect: the checks compare pixels of screenshots,
// decoded by the browser itself (createImageBitmap on an OffscreenCanvas).
import { chromium } from 'playwright-core';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [url, outDir] = process.argv.slice(2);
if (!url || !outDir) {
  console.error('usage: node webtest.mjs URL OUTDIR');
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
const width = 1280, height = 800;
const loadTimeout = Number(process.env.WEBTEST_TIMEOUT || 300) * 1000;

function fail(msg) {
  console.error('web-test: FAIL: ' + msg);
  process.exitCode = 1;
}

// stats returns, for a PNG screenshot (a Buffer), the number of distinct
// colours in the rectangle r ({x, y, w, h}) and, when other is given, the
// number of pixels in r that differ from other's.
async function stats(page, png, r, other) {
  return page.evaluate(async ([a, b, r]) => {
    const pixels = async (b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const bmp = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const c = new OffscreenCanvas(bmp.width, bmp.height);
      const g = c.getContext('2d');
      g.drawImage(bmp, 0, 0);
      return g.getImageData(r.x, r.y, r.w, r.h).data;
    };
    const pa = await pixels(a);
    const colours = new Set();
    for (let i = 0; i < pa.length; i += 4) {
      colours.add((pa[i] << 16) | (pa[i + 1] << 8) | pa[i + 2]);
      if (colours.size > 1000) break;
    }
    let diff = -1;
    if (b) {
      const pb = await pixels(b);
      diff = 0;
      for (let i = 0; i < pa.length; i += 4) {
        if (pa[i] !== pb[i] || pa[i + 1] !== pb[i + 1] || pa[i + 2] !== pb[i + 2]) diff++;
      }
    }
    return { colours: colours.size, diff };
  }, [png.toString('base64'), other ? other.toString('base64') : null, r]);
}

const sleep = (ms) => new Promise((res) => setTimeout(res, ms));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  // WebGL without a GPU: ANGLE on SwiftShader, Chromium's software renderer.
  args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist', '--no-sandbox'],
});
const timing = [];
try {
  const page = await browser.newPage({ viewport: { width, height } });
  const logs = [];
  page.on('console', (m) => logs.push(m.text()));
  page.on('pageerror', (e) => logs.push('page error: ' + e.message));
  const t0 = Date.now();
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('canvas', { timeout: loadTimeout });
  const tCanvas = Date.now() - t0;
  timing.push(`canvas created after ${(tCanvas / 1000).toFixed(1)} s`);

  // The board sits in the left part of the window, below the header and
  // the tabs; the whole left half is compared, so layout changes of a few
  // pixels do not matter.
  const boardRect = { x: 0, y: 80, w: Math.floor(width / 2), h: height - 160 };
  const full = { x: 0, y: 0, w: width, h: height };

  // Wait until the board is drawn (many colours in its region) and two
  // screenshots a second apart agree: the first frame is complete. Loading
  // databases (a progress bar) may keep parts of the window changing, so
  // only the board region has to be stable.
  let before = null, prev = null, tDrawn = 0;
  for (;;) {
    if (Date.now() - t0 > loadTimeout) {
      fail(`the board did not render within ${loadTimeout / 1000} s`);
      break;
    }
    const shot = await page.screenshot();
    const s = await stats(page, shot, boardRect, prev);
    if (s.colours >= 8 && !tDrawn) tDrawn = Date.now() - t0;
    if (s.colours >= 8 && prev && s.diff === 0) {
      before = shot;
      break;
    }
    prev = shot;
    await sleep(1000);
  }
  if (before) {
    timing.push(`board drawn after ${(tDrawn / 1000).toFixed(1)} s`);
    writeFileSync(join(outDir, 'web-loaded.png'), before);
    // Space is the Step shortcut of the Puzzle view (the first tab). A click
    // on the canvas first gives it the keyboard focus, on an empty spot.
    await page.mouse.click(width - 5, height - 5);
    await sleep(500);
    const clicked = await page.screenshot();
    await page.keyboard.press('Space');
    let after = null, changed = 0;
    for (let i = 0; i < 20 && !after; i++) {
      await sleep(500);
      const shot = await page.screenshot();
      const s = await stats(page, shot, boardRect, clicked);
      if (s.diff > 0) {
        changed = s.diff;
        await sleep(1000); // let the step's animation end
        after = await page.screenshot();
      }
    }
    if (!after) {
      after = await page.screenshot();
      writeFileSync(join(outDir, 'web-step.png'), after);
      const s = await stats(page, after, full, clicked);
      fail(`pressing Space (Step) did not change the board region (${s.diff} pixels of the window changed)`);
    } else {
      writeFileSync(join(outDir, 'web-step.png'), after);
      const s = await stats(page, after, boardRect, before);
      timing.push(`Step changed ${changed} pixels of the board region (${s.diff} once the step ended)`);
      if (s.diff === 0) fail('the board region changed during the step but ended as before it');
    }
  }
  writeFileSync(join(outDir, 'web-timing.txt'), timing.join('\n') + '\n');
  for (const t of timing) console.log('web-test: ' + t);
  if (process.exitCode) {
    for (const l of logs.slice(-20)) console.error('browser console: ' + l);
  } else {
    console.log(`web-test: ok (screenshots in ${outDir})`);
  }
} catch (e) {
  fail(e.message);
} finally {
  await browser.close();
}
