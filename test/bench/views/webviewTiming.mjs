// How a webview's page frame loaded, from inside it (Playwright frame), as
// ms from `t0` (epoch): when VS Code created the frame, how long its first
// request (VS Code's fake.html) waited for the webview's service worker, when
// the page's DOM was ready, and the page's own performance marks
// (`repodesk:*`). The service-worker wait is VS Code's (code-server's)
// webview machinery, not RepoDesk's: the benchmarks report it apart.

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
