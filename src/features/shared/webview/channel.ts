// The webview's side of the host's typed messages: what it posts and what it
// accepts are checked against the same zod schemas as in the host, when the
// page is given them; anything else is logged to the webview's console and
// ignored. A page whose start a person waits for (the pull request overview)
// is given none: the schemas were a quarter of its script, and the host
// checks every message a page sends all the same. State (tab, filters,
// scroll) goes through getState/setState with the panel's key, which is
// what restores the panel after a window reload.
import { INITIAL_MESSAGES_ID } from '../../../util/initialMessagesId';

/** A schema that checks a message (zod or zod/mini). */
export interface MessageSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly unknown[] } };
}

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

export interface Channel<In, Out, S> {
  post(message: Out): void;
  onMessage(handler: (message: In) => void): void;
  state(): Partial<S>;
  saveState(patch: Partial<S>): void;
}

/** Takes a message as it is: the host wrote it from the same types. */
const asTyped = <T>(): MessageSchema<T> => ({ safeParse: (value) => ({ success: true, data: value as T }) });

export function openChannel<In, Out, S extends object>(
  incoming: MessageSchema<In> = asTyped<In>(),
  outgoing: MessageSchema<Out> = asTyped<Out>(),
): Channel<In, Out, S> {
  const api = acquireVsCodeApi();
  const panelKey = document.body.dataset.panelKey ?? '';
  const stored = api.getState() as (Partial<S> & { panelKey?: string }) | undefined;
  let current = { ...(stored?.panelKey === panelKey ? stored : {}), panelKey } as Partial<S> & { panelKey: string };
  api.setState(current);
  return {
    post(message) {
      const parsed = outgoing.safeParse(message);
      if (!parsed.success) console.warn('RepoDesk webview: not posting a malformed message', parsed.error.issues[0]);
      else api.postMessage(parsed.data);
    },
    onMessage(handler) {
      const receive = (data: unknown) => {
        const parsed = incoming.safeParse(data);
        if (!parsed.success) {
          console.warn('RepoDesk webview: ignored a message', parsed.error.issues[0]);
          return;
        }
        handler(parsed.data);
      };
      window.addEventListener('message', (event: MessageEvent<unknown>) => receive(event.data));
      // The messages the host wrote into the page (what it showed last time), once the page's script has run:
      // before any posted one, which answers the page's 'ready'.
      const initial = initialMessages();
      if (initial.length > 0) queueMicrotask(() => initial.forEach(receive));
    },
    state: () => current,
    saveState(patch) {
      current = { ...current, ...patch };
      api.setState(current);
    },
  };
}

/** The page's first messages, from the JSON block the host wrote (src/features/shared/panels/webviewHtml.ts); none when there is none. */
function initialMessages(): unknown[] {
  // The host's block only (a child of the body): not an element of the same id in a drawing written into the page.
  const text = document.querySelector(`body > script[type="application/json"]#${INITIAL_MESSAGES_ID}`)?.textContent;
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    console.warn('RepoDesk webview: the first messages in the page are not JSON');
    return [];
  }
}
