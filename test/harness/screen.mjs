/* global window, document, MutationObserver, HTMLElement */
// The integration tests run in the extension host and cannot see the
// workbench; the runner drives the workbench's page, so it answers their
// questions about the screen over HTTP ($REPODESK_TEST_SCREEN_URL). A test
// then presses Enter on a question once a person would see it, not blindly
// on a timer. GET /quick-input?since=N&timeoutMs=T waits up to T ms for a
// quick input to be on screen that was hidden more than N times so far (a new
// question, not the one just answered) and answers what it shows, or 204.
import http from 'node:http';

// Counts the quick input's hides: VS Code reuses one widget and hides it with display: none.
function countQuickInputHides() {
  window.__repodeskQuickInputHides = 0;
  new MutationObserver((records) => {
    for (const { target } of records) {
      if (target instanceof HTMLElement && target.classList.contains('quick-input-widget') && target.style.display === 'none') {
        window.__repodeskQuickInputHides++;
      }
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['style'] });
}

function shownQuickInput(since) {
  const widget = [...document.querySelectorAll('.quick-input-widget')].find((w) => w.style.display !== 'none' && w.offsetParent !== null);
  const hides = window.__repodeskQuickInputHides ?? 0;
  if (!widget || hides <= since) return undefined;
  const text = (sel) => widget.querySelector(sel)?.textContent?.trim() ?? '';
  return {
    hides,
    title: text('.quick-input-title'),
    placeholder: widget.querySelector('input.input')?.getAttribute('placeholder') ?? '',
    rows: [...widget.querySelectorAll('.monaco-list-row')].map((r) => r.getAttribute('aria-label') ?? r.textContent ?? ''),
  };
}

/** Starts the server; attach(page) before the workbench loads (the hide counter is an init script). */
export async function startScreenServer() {
  let page;
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://screen');
    if (url.pathname !== '/quick-input' || !page) {
      res.writeHead(404).end();
      return;
    }
    const since = Number(url.searchParams.get('since') ?? -1);
    const timeout = Number(url.searchParams.get('timeoutMs') ?? 1000);
    try {
      const handle = await page.waitForFunction(shownQuickInput, since, { timeout, polling: 100 });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(await handle.jsonValue()));
    } catch (err) {
      if (err?.name === 'TimeoutError') res.writeHead(204).end();
      else res.writeHead(500).end(String(err?.message ?? err));
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    async attach(p) {
      page = p;
      await p.addInitScript(countQuickInputHides);
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
