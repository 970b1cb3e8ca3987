// The whole browser sign-in, without VS Code: state, loopback receiver,
// opening the authorize page, and the code exchange. The caller supplies how
// to open a browser (vscode.env.openExternal in the extension).
import { buildAuthorizeUrl, createState } from './authorizeUrl';
import { exchangeCode, type ExchangedToken } from './exchange';
import { startLoopbackReceiver } from './loopback';

export interface WebFlowOptions {
  webUrl: string;
  clientId: string;
  clientSecret: string;
  /** The application's registered loopback callback (`http://127.0.0.1:<port>/<path>`). */
  callbackUrl: string;
  scopes: readonly string[];
  openBrowser(url: string): Promise<void>;
  userAgentVersion: string;
  timeoutMs?: number | undefined;
  signal?: AbortSignal | undefined;
  fetch?: typeof fetch | undefined;
}

export async function signInWithBrowser(o: WebFlowOptions): Promise<ExchangedToken> {
  const state = createState();
  const receiver = await startLoopbackReceiver({ callbackUrl: o.callbackUrl, expectedState: state, timeoutMs: o.timeoutMs, signal: o.signal });
  try {
    await o.openBrowser(buildAuthorizeUrl({ webUrl: o.webUrl, clientId: o.clientId, redirectUri: receiver.redirectUri, scopes: o.scopes, state }));
    const { code } = await receiver.result;
    return await exchangeCode({
      webUrl: o.webUrl,
      clientId: o.clientId,
      clientSecret: o.clientSecret,
      code,
      redirectUri: receiver.redirectUri,
      userAgentVersion: o.userAgentVersion,
      fetch: o.fetch,
    });
  } finally {
    await receiver.close();
  }
}
