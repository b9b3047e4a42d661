// make web-test: opens the browser build of Slidelab in headless Chromium,
// waits for the board to render, checks that the 6-6-3 tables were loaded
// from the folder (not built), presses Step and checks that the view
// changed; then opens a link naming an 8-puzzle board (lesson.Link) in a
// second page and checks that the app opened that board (its console says
// so) and drew it (the board region differs from the first page's).
// Exits 0 when all held, 1 otherwise (with the reason on stderr).
//
//   node tools/webtest/webtest.mjs URL OUTDIR
//
// URL is where the folder of make web is served; OUTDIR gets the
// screenshots (web-first.png the first frame of the board, web-loaded.png
// once the window settled, web-step.png after the Steps) and a
// timing summary (web-timing.txt). CHROMIUM overrides the browser
// (default /usr/bin/chromium, Debian's). WEBTEST_TIMEOUT (seconds, default
// 300) bounds the wait for the first frame of the board.
//
// The board's first frame is timed by the frames the browser itself
// presents (the DevTools protocol's screencast: each frame with the time
// it was swapped to the screen), not by a screenshot: a screenshot asks
// the page for a frame of its own and returns when that frame has been
// drawn and encoded, which on software WebGL (SwiftShader, 0.15 to 0.3 s a
// frame) came 1.5 to 3.5 s after the board was on screen.
//
// Fyne draws everything into one WebGL canvas, so the page has no DOM or
// accessibility tree to inspect: the checks compare pixels of screenshots,
// decoded by the browser itself (createImageBitmap on an OffscreenCanvas)
// in a blank page of a context of its own (its own renderer process): the
// app's page runs Go on its one thread, and decoding there would wait for
// Go to hand the thread back, making the app look slower than it is.
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

// stats returns, computed in page (the blank pixel page, not the app's), for
// a PNG screenshot (a Buffer), the number of distinct
// colours in the rectangle r ({x, y, w, h}) (colours), the number of its
// vivid pixels (sat: the largest and smallest of red, green and blue at
// least 60 apart, as the tiles are and the loading page's grey text and
// small icon mostly are not), the number of its
// pixels in the colours of a progress bar (bar) and, when other is given, the
// number of pixels in r that differ from other's (diff).
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
    let sat = 0;
    for (let i = 0; i < pa.length; i += 4) {
      if (Math.max(pa[i], pa[i + 1], pa[i + 2]) - Math.min(pa[i], pa[i + 1], pa[i + 2]) >= 60) sat++;
    }
    let diff = -1;
    if (b) {
      const pb = await pixels(b);
      diff = 0;
      for (let i = 0; i < pa.length; i += 4) {
        if (pa[i] !== pb[i] || pa[i + 1] !== pb[i + 1] || pa[i + 2] !== pb[i + 2]) diff++;
      }
    }
    // Pixels of a progress bar of the light theme: its track and its fill.
    let bar = 0;
    for (let i = 0; i < pa.length; i += 4) {
      const near = (r, g, b) => Math.abs(pa[i] - r) + Math.abs(pa[i + 1] - g) + Math.abs(pa[i + 2] - b) < 20;
      if (near(175, 201, 252) || near(41, 111, 246)) bar++;
    }
    return { colours: colours.size, sat, diff, bar };
  }, [png.toString('base64'), other ? other.toString('base64') : null, r]);
}

const sleep = (ms) => new Promise((res) => setTimeout(res, ms));

// boardVivid is how many vivid pixels (stats' sat) the board region holds
// once the board is drawn: its fifteen tiles make about 150,000; the
// loading page's icon, partly in that region, fewer than 9,000.
const boardVivid = 30000;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  // WebGL without a GPU: ANGLE on SwiftShader, Chromium's software renderer.
  args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist', '--no-sandbox'],
});
const timing = [];
// note records a line of the timing summary and prints it at once.
function note(line) {
  timing.push(line);
  console.log('web-test: ' + line);
}
try {
  const pixels = await (await browser.newContext()).newPage(); // for stats
  const page = await browser.newPage({ viewport: { width, height } });
  const logs = [];
  // The app logs each table it loads from the folder (shipped_js.go):
  // "slidelab: shipped table NAME loaded in D"; the last of them marks
  // the tables ready.
  let tTables = 0, shippedTables = 0;
  const marks = [];
  page.on('console', (m) => {
    logs.push(m.text());
    if (m.text().startsWith('slidelab: start: ')) marks.push(m.text().slice(17)); // cmd/visualizer's stages
    if (m.text().startsWith('slidelab: shipped table ') && m.text().includes(' loaded in ')) {
      tTables = Date.now() - t0;
      shippedTables++;
    }
  });
  page.on('pageerror', (e) => logs.push('page error: ' + e.message));
  // The frames the page presents, each with the wall-clock time it was
  // swapped to the screen, until the board's first one is found.
  const cdp = await page.context().newCDPSession(page);
  const pending = []; // frames not yet looked at, oldest first
  let frames = 0;
  cdp.on('Page.screencastFrame', (f) => {
    pending.push({ t: f.metadata.timestamp * 1000, png: Buffer.from(f.data, 'base64') });
    frames++;
    cdp.send('Page.screencastFrameAck', { sessionId: f.sessionId }).catch(() => {});
  });
  const t0 = Date.now();
  await cdp.send('Page.startScreencast', { format: 'png', everyNthFrame: 1 });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('canvas', { timeout: loadTimeout });
  const tCanvas = Date.now() - t0;
  note(`canvas created after ${(tCanvas / 1000).toFixed(1)} s`);

  // The board sits in the left part of the window, below the header and
  // the tabs; the whole left half counts, so a few pixels of layout do not
  // matter.
  const boardRect = { x: 0, y: 80, w: Math.floor(width / 2), h: height - 160 };
  const full = { x: 0, y: 0, w: width, h: height };
  // The status row of the selected heuristic's database, where a progress
  // bar shows while it builds (right of the search panel's heuristic line).
  const statusRect = { x: 1100, y: 435, w: 180, h: 90 };

  // Wait until the board is drawn: a presented frame with its tiles (many
  // colours and vivid pixels in its region). Each check decodes the latest
  // frame only; once that one shows the board, the frames since the last
  // check are looked at in order, so the first frame with the board is
  // found exactly.
  let tDrawn = 0, lastEmpty = null;
  const hasBoard = async (png) => {
    const b = await stats(pixels, png, boardRect);
    return b.colours >= 8 && b.sat >= boardVivid;
  };
  // drawn records the board's first frame: its time, its picture, how it
  // was seen (after the time), and the app's start marks so far.
  const drawn = (t, png, how) => {
    tDrawn = t;
    writeFileSync(join(outDir, 'web-first.png'), png);
    note(`board drawn (first frame) after ${(t / 1000).toFixed(2)} s${how}`);
    if (marks.length) note('in the page: ' + marks.join(', '));
  };
  while (!tDrawn && Date.now() - t0 < loadTimeout) {
    await sleep(100);
    if (!pending.length && frames === 0 && Date.now() - t0 > tCanvas + 20000) {
      // No frames from the screencast (a browser without it): time by
      // screenshots, as web-test did before, and say so.
      const shot = await page.screenshot();
      const t = Date.now() - t0;
      if (await hasBoard(shot)) drawn(t, shot, ' (by a screenshot: the browser sent no frames)');
      continue;
    }
    if (!pending.length) continue;
    const batch = pending.splice(0);
    if (!(await hasBoard(batch[batch.length - 1].png))) {
      lastEmpty = batch[batch.length - 1];
      continue;
    }
    let first = batch[batch.length - 1];
    for (const f of batch.slice(0, -1)) {
      if (await hasBoard(f.png)) {
        first = f;
        break;
      }
      lastEmpty = f;
    }
    drawn(first.t - t0, first.png,
      lastEmpty ? ` (the frame before it, at ${((lastEmpty.t - t0) / 1000).toFixed(2)} s, had none)` : '');
  }
  await cdp.send('Page.stopScreencast').catch(() => {});
  if (tDrawn) {
    await page.screenshot(); // a frame asked for: what the timing used to count
    note(`a screenshot asked for then returned after ${((Date.now() - t0) / 1000).toFixed(1)} s (${frames} frames presented before)`);
  }
  let marksNoted = marks.length;

  // Then wait until
  // the 15-puzzle's pattern database, built in the page at start-up, is
  // ready (its progress bar gone) and the whole window holds still for a
  // second: a Step must be the only thing that changes the window. Should
  // the layout move the bar elsewhere, this wait ends early and the Steps
  // below fail (a Step waits for the database), never pass wrongly.
  let before = null, prev = null, tBar = 0;
  for (;;) {
    if (Date.now() - t0 > loadTimeout) {
      fail(`the window did not settle within ${loadTimeout / 1000} s` + (tDrawn ? '' : ' (no board drawn)'));
      break;
    }
    const shot = await page.screenshot();
    // Until the board is drawn there is no progress bar to look for.
    const building = tDrawn > 0 && (await stats(pixels, shot, statusRect)).bar > 200;
    if (building && !tBar) tBar = Date.now() - t0;
    if (tDrawn && !building && prev && (await stats(pixels, shot, full, prev)).diff === 0) {
      before = shot;
      break;
    }
    prev = tDrawn ? shot : null;
    await sleep(1000);
  }
  if (before) {
    if (marks.length > marksNoted) note('later in the page: ' + marks.slice(marksNoted).join(', '));
    if (shippedTables) note(`${shippedTables} shipped table(s) loaded, the last after ${(tTables / 1000).toFixed(1)} s`);
    // The 15-puzzle's three 6-6-3 tables come from dist/web/tables/, not
    // from a build in the page (make web, tools/webtables).
    if (shippedTables < 3) fail(`${shippedTables} of the 3 shipped 6-6-3 tables loaded: the page built them`);
    // What the app's download cost: bytes over the wire and decoded.
    const wasm = await page.evaluate(() => performance.getEntriesByType('resource')
      .filter((e) => e.name.endsWith('.wasm') || e.name.includes('/tables/'))
      .map((e) => [e.name.replace(/^.*\//, ''), e.transferSize, e.decodedBodySize, e.startTime, e.responseEnd]));
    for (const [name, wire, decoded, from, to] of wasm) {
      note(`${name}: ${(wire / 1e6).toFixed(2)} MB transferred, ${(decoded / 1e6).toFixed(2)} MB decoded, from ${(from / 1000).toFixed(1)} s to ${(to / 1000).toFixed(1)} s`);
    }
    if (tBar) note(`progress bar of the pattern database seen after ${(tBar / 1000).toFixed(1)} s`);
    note(`window settled${tBar ? ' (pattern database ready)' : ''} after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    // A fresh browser is a first start: the app shows its three things to
    // try, a dialog that holds the keys back. Escape closes it.
    await page.keyboard.press('Escape');
    for (let i = 0; i < 30; i++) {
      await sleep(1000);
      const shot = await page.screenshot();
      const d = (await stats(pixels, shot, full, before)).diff;
      before = shot;
      if (d === 0) break;
    }
    writeFileSync(join(outDir, 'web-loaded.png'), before);
    // Space is the Step shortcut of the first view (Puzzle & search); the
    // canvas has the keyboard focus from the start. Each Step of IDA*
    // changes the counters and the narration; the board shows the node the
    // search is at, which moves after a few steps.
    let after = null, steps = 0, windowDiff = 0, boardDiff = 0;
    while (steps < 8 && boardDiff === 0) {
      await page.keyboard.press('Space');
      steps++;
      await sleep(1500); // the step and its animation
      after = await page.screenshot();
      windowDiff = (await stats(pixels, after, full, before)).diff;
      boardDiff = (await stats(pixels, after, boardRect, before)).diff;
      if (windowDiff === 0) break; // the key did nothing: no use pressing on
    }
    writeFileSync(join(outDir, 'web-step.png'), after);
    note(`${steps} Step(s): ${windowDiff} pixels of the window and ${boardDiff} of the board region changed`);
    if (windowDiff === 0) fail('pressing Space (Step) did not change the window');
    else if (boardDiff === 0) fail(`${steps} Steps changed the window but not the board region`);
    await checkLink(browser, pixels, before, boardRect);
  }
  writeFileSync(join(outDir, 'web-timing.txt'), timing.join('\n') + '\n');
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

// checkLink opens the page with a link to an 8-puzzle board and A*, waits
// for the app's console line "slidelab: start: link opened: board B, N
// parameter(s) ignored" (cmd/visualizer), and checks B is the board the
// link names, nothing was ignored, and the board region, once it holds
// still, differs from the default page's (first).
async function checkLink(browser, pixels, first, boardRect) {
  const want = '8 6 7 / 2 5 4 / 3 0 1';
  const linkURL = url.replace(/\/?$/, '/') + '?board=' + want.replaceAll(' / ', '/').replaceAll(' ', ',') + '&algorithm=a*&heuristic=manhattan';
  const page = await browser.newPage({ viewport: { width, height } });
  let opened = '';
  page.on('console', (m) => {
    const i = m.text().indexOf('link opened: ');
    if (i >= 0) opened = m.text().slice(i + 13).replace(/ at [0-9]+ ms$/, '');
  });
  const t0 = Date.now();
  await page.goto(linkURL, { waitUntil: 'load' });
  while (!opened && Date.now() - t0 < loadTimeout) await sleep(500);
  if (!opened) return fail(`the link ${linkURL} was not opened within ${loadTimeout / 1000} s`);
  note(`link opened: ${opened}`);
  if (opened !== `board ${want}, 0 parameter(s) ignored`) return fail(`the link opened "${opened}", want board ${want} and nothing ignored`);
  let shot = null, prev = null;
  for (let i = 0; i < 30; i++) {
    await sleep(1000);
    shot = await page.screenshot();
    if (prev && (await stats(pixels, shot, boardRect, prev)).diff === 0) break;
    prev = shot;
  }
  writeFileSync(join(outDir, 'web-link.png'), shot);
  const diff = (await stats(pixels, shot, boardRect, first)).diff;
  note(`link page: ${diff} pixels of the board region differ from the default page's`);
  if (diff < 1000) fail(`the link's 8-puzzle board was not drawn (${diff} pixels of the board region changed)`);
}
