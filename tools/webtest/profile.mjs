// A CPU profile of the browser build's start, for finding what delays the
// first frame (docs/performance.md, "The first frame"):
//
//   node tools/webtest/profile.mjs URL OUT.cpuprofile [SECONDS]
//
// opens URL (a folder of make web served by tools/webserve; for function
// names, put an unstripped Slidelab.wasm in it: GOOS=js GOARCH=wasm go build
// -tags release ./cmd/visualizer) in headless Chromium, starts the V8
// profiler through the DevTools protocol before the page loads, and stops
// it SECONDS (default 12) later. OUT.cpuprofile opens in Chrome's DevTools
// (Performance panel); the summary printed here gives the app's start marks
// and, per 250 ms, the functions that ran most. No
// screenshots are taken while it records: they cost the page's thread time.
import { chromium } from 'playwright-core';
import { writeFileSync } from 'node:fs';

const [url, out, secs] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: node profile.mjs URL OUT.cpuprofile [SECONDS]');
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist', '--no-sandbox'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('console', (m) => {
    if (m.text().startsWith('slidelab: ')) console.log(m.text());
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'commit' });
  await new Promise((res) => setTimeout(res, Number(secs || 12) * 1000));
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync(out, JSON.stringify(profile));
  summarize(profile);
} finally {
  await browser.close();
}

// summarize prints, per 250 ms from the profile's start (a little before
// the page's: the app's marks give the page's times), the four functions
// with the most samples (self time).
function summarize(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const name = (n) => n.callFrame.functionName || '(' + (n.callFrame.url || 'anonymous').replace(/^.*\//, '') + ')';
  // V8's profile times are microseconds on the monotonic clock.
  let t = profile.startTime;
  const buckets = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    const b = Math.floor((t - profile.startTime) / 250e3);
    const n = byId.get(profile.samples[i]);
    const m = buckets.get(b) || new Map();
    m.set(name(n), (m.get(name(n)) || 0) + 1);
    buckets.set(b, m);
  }
  for (const [b, m] of [...buckets].sort((x, y) => x[0] - y[0])) {
    const top = [...m].sort((x, y) => y[1] - x[1]).slice(0, 4).map(([k, v]) => `${k} ${v}`);
    console.log(`${(b * 0.25).toFixed(2)} s: ${top.join(', ')}`);
  }
}
