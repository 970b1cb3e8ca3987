/* global document, requestAnimationFrame, window */
// Timing review threads in a diff editor of the workbench, from inside the
// page (each frame, from the click's mousedown), and reading the host's own
// steps for a document from RepoDesk's log ("Review threads of …" and the
// other "(epoch ms)" lines it writes at debug).
import { epochTimes, logLines } from './logs.mjs';

/** Thread widgets and the gutter marks of threads, not the commenting-range bars VS Code draws on every line a comment can start on. */
export const THREAD_MARKS =
  '.monaco-diff-editor .review-widget, .monaco-diff-editor .comment-range-glyph.comment-thread, .monaco-diff-editor .comment-range-glyph.comment-thread-unresolved';

/**
 * Counts the threads drawn in the diff editor each frame from the next
 * mousedown: an expanded thread is a widget (.review-widget), a collapsed one
 * a mark in the gutter (.comment-range-glyph); the editor draws the marks of
 * the lines on screen only. `act` does the click. Resolves to ms from the
 * mousedown to: the diff's text (`text`), the first and the last change of
 * the count before it held for 1.5 s or reached `want` (`first`, `all`), and
 * the first thread widget showing `bodyText`, a comment's text (`body`);
 * `clickAt` is the mousedown in epoch ms.
 */
export async function timeThreads(page, want, act, { timeoutMs = 60_000, bodyText } = {}) {
  await page.evaluate(
    ([n, marks, text]) => {
      const state = { start: 0, first: 0, last: 0, count: 0, text: 0, body: 0, done: false };
      window.__threads = state;
      window.addEventListener(
        'mousedown',
        () => {
          state.start = performance.now();
          const tick = () => {
            const now = performance.now();
            // The diff's own text on screen (the floor of any mark on it).
            if (!state.text && document.querySelector('.monaco-diff-editor .editor.modified .view-line')) state.text = now;
            // An expanded thread with a comment's text drawn (what a person reads).
            if (text && !state.body && [...document.querySelectorAll('.review-widget')].some((w) => (w.textContent ?? '').includes(text))) state.body = now;
            const count = document.querySelectorAll(marks).length;
            if (count !== state.count) {
              state.count = count;
              state.last = now;
              if (count > 0 && !state.first) state.first = now;
            }
            // Done when the count is reached (or held for 1.5 s) and, when asked for, the comment's text is drawn.
            if ((count >= n || (state.first && now - state.last > 1500)) && (!text || state.body || now - state.start > 60_000)) state.done = true;
            else requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        },
        { once: true, capture: true },
      );
    },
    [want, THREAD_MARKS, bodyText],
  );
  await act();
  await page.waitForFunction(() => window.__threads.done, undefined, { timeout: timeoutMs, polling: 100 }).catch(() => {});
  const s = await page.evaluate(() => window.__threads);
  const origin = await page.evaluate(() => performance.timeOrigin);
  const rel = (t) => (t ? Math.round(t - s.start) : NaN);
  return { first: rel(s.first), all: rel(s.last), count: s.count, text: rel(s.text), body: rel(s.body), clickAt: origin + s.start };
}

/** The host's "Review threads of <path>: N (epoch ms): asked=… …" line whose `asked` is after `since` (epoch ms), with how many drawings there were. */
export function threadStepsAfter(userDataDir, file, since) {
  const draws = [];
  for (const line of logLines(userDataDir, /Review threads of .* \(epoch ms\)/)) {
    if (!line.includes(`Review threads of ${file}:`)) continue;
    const steps = epochTimes(line);
    if (steps.asked >= since - 50) draws.push(steps);
  }
  // The first drawing after the click, and how many there were (a document drawn twice costs VS Code twice).
  return draws.length ? { ...draws[0], draws: draws.length } : undefined;
}

/** The first of RepoDesk's "<title> (epoch ms): …" lines whose title matches `re` and that has a step at or after `since`, as steps by name. */
export function stepsAfter(userDataDir, re, since) {
  for (const line of logLines(userDataDir, /\(epoch ms\)/)) {
    if (!re.test(line)) continue;
    const steps = epochTimes(line.slice(line.indexOf('(epoch ms)')));
    if (Object.values(steps).some((t) => t >= since - 50)) return steps;
  }
  return undefined;
}
