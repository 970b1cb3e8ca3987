// The browser build's stand-in for loopback.ts: a web worker cannot listen on
// a port. Never reached there: the browser sign-in comes back through the
// workbench's callback page and the UriHandler instead (signInBackend.ts).
import type { LoopbackOptions, LoopbackReceiver } from './loopback';

export function startLoopbackReceiver(_options: LoopbackOptions): Promise<LoopbackReceiver> {
  return Promise.reject(
    new Error(
      'Signing in through the browser needs VS Code on a desktop or a remote host (it listens for the redirect on this machine). In the browser, sign in with a token or with your user name and password.',
    ),
  );
}
