// How a webview's page frame loaded, from inside it (Playwright frame), as
// ms from `t0` (epoch): when VS Code created the frame, how long its first
// request (VS Code's fake.html) waited for the webview's service worker, when
// the page's DOM was ready, and the page's own performance marks
// (`repodesk:*`). The service-worker wait is VS Code's (code-server's)
// webview machinery, not RepoDesk's: the benchmarks report it apart.
// And the time from a click to the first poll that finds something in a
// webview's page (from Node, every frame of the page each 5 ms).
/* global document */

export async function webviewLoad(frame, t0) {
  const seen = await frame
    .evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      return {
        origin: performance.timeOrigin,
        workerStart: nav?.workerStart,
        fetchStart: nav?.fetchStart,
        marks: performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]),
      };
    })
    .catch(() => undefined);
  if (!seen) return {};
  const rel = (ms) => (ms === undefined ? '-' : Math.round(seen.origin + ms - t0));
  const matching = (prefix) =>
    seen.marks
      .filter(([n]) => n.startsWith(prefix))
      .map(([, t]) => t)
      .sort((a, b) => a - b);
  const mark = (name) => rel(seen.marks.find(([n]) => n === `repodesk:${name}`)?.[1]);
  return {
    'page frame': rel(0),
    // From the frame's creation to its first request reaching the service worker: ~0 for the first webview
    // of a window; ~1 s for a later one, whose worker registration VS Code (web) replaces (another URL, same scope).
    'service worker wait': seen.workerStart ? Math.round(seen.workerStart) : '-',
    mark,
    /** The first and the last mark whose name starts with `prefix`. */
    first: (prefix) => rel(matching(prefix)[0]),
    last: (prefix) => rel(matching(prefix).at(-1)),
  };
}

/** The frame (of any depth) whose body matches `selector`. */
export async function frameWith(page, selector) {
  for (const frame of page.frames()) {
    if (frame === page.mainFrame()) continue;
    if (
      await frame
        .locator(selector)
        .count()
        .catch(() => 0)
    )
      return frame;
  }
  return undefined;
}

/**
 * Runs `act` (a click) and polls every frame of the page but the workbench's
 * own (webviews are nested iframes; the workbench's tree row carries a title
 * too) until each of `checks` ({ key: { text } or { selector } }) is seen:
 * `ms` by key from just before `act` (NaN for one not seen within
 * `timeoutMs`), `t0` (epoch ms) and the frame that showed the first.
 */
export async function timeWebview(page, act, checks, { timeoutMs = 120_000 } = {}) {
  const keys = Object.keys(checks);
  const ms = {};
  let frame;
  const t0 = Date.now();
  await act();
  while (keys.some((k) => !(k in ms)) && Date.now() - t0 <= timeoutMs) {
    for (const f of page.frames().filter((x) => x !== page.mainFrame())) {
      const pending = keys.filter((k) => !(k in ms));
      if (!pending.length) break;
      const seen = await f
        .evaluate(
          (cs) => cs.map((c) => (c.selector ? document.querySelector(c.selector) !== null : (document.body?.innerText ?? '').includes(c.text))),
          pending.map((k) => checks[k]),
        )
        .catch(() => []);
      pending.forEach((k, i) => {
        if (!seen[i]) return;
        ms[k] = Date.now() - t0;
        frame ??= f;
      });
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  return { ms: Object.fromEntries(keys.map((k) => [k, ms[k] ?? NaN])), t0, frame };
}
