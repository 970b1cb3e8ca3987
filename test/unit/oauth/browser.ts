// Plays the user's browser on the emulator's OAuth pages over HTTP: login
// form, approval form, then the redirect to the callback (the loopback).
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

export interface BrowserUser {
  login: string;
  password: string;
  decision: 'approve' | 'deny';
}

/** Opens the authorize URL like a browser would and follows it to the callback; resolves when the callback page answered. */
export async function browse(authorizeUrl: string, user: BrowserUser): Promise<{ callbackStatus: number; callbackPage: string }> {
  const url = new URL(authorizeUrl);
  const request = Object.fromEntries(url.searchParams);
  let res = await fetch(url, { redirect: 'manual' });
  if (res.status === 200) {
    // The login form of the authorize page.
    const session = await fetch(new URL('/login/oauth/session', url), {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ ...request, login: user.login, password: user.password }),
      redirect: 'manual',
    });
    if (session.status !== 303) throw new Error(`login form answered ${session.status}`);
    const cookie = session.headers.get('set-cookie')!.split(';')[0]!;
    res = await fetch(url, { headers: { cookie }, redirect: 'manual' });
    if (res.status === 200) {
      const csrf = /name="authenticity_token" value="([^"]+)"/.exec(await res.text())?.[1];
      if (!csrf) throw new Error('no approval form on the authorize page');
      res = await fetch(new URL('/login/oauth/authorize', url), {
        method: 'POST',
        headers: { ...FORM, cookie },
        body: new URLSearchParams({ ...request, authenticity_token: csrf, decision: user.decision }),
        redirect: 'manual',
      });
    }
  }
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) throw new Error(`expected a redirect to the callback, got ${res.status}`);
  const callback = await fetch(location);
  return { callbackStatus: callback.status, callbackPage: await callback.text() };
}
