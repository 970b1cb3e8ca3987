// The browser build's stand-in for loopback.ts: a web worker cannot listen on
// a port, so the browser sign-in that redirects to this machine cannot finish
// there. Signing in with a token or a password works as on the desktop.
import type { LoopbackOptions, LoopbackReceiver } from './loopback';

export function startLoopbackReceiver(_options: LoopbackOptions): Promise<LoopbackReceiver> {
  return Promise.reject(
    new Error(
      'Signing in through the browser needs VS Code on a desktop or a remote host (it listens for the redirect on this machine). In the browser, sign in with a token or with your user name and password.',
    ),
  );
}
