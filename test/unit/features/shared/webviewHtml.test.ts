// The page every webview starts from (features/shared/panels/webviewHtml.ts):
// its first messages written as a JSON block the page reads back, which no
// text in them can close or turn into markup.
import assert from 'node:assert/strict';
import { webviewHtml } from '../../../../src/features/shared/panels/webviewHtml';
import { INITIAL_MESSAGES_ID } from '../../../../src/util/initialMessagesId';

type Parts = Parameters<typeof webviewHtml>[0];

const root = {
  path: '/ext/dist/webview',
  with: (c: { path: string }) => ({ toString: () => `https://file+.vscode-resource/${c.path}` }),
} as unknown as Parts['root'];
const webview = { cspSource: 'https://file+.vscode-resource', asWebviewUri: (u: unknown) => u } as unknown as Parts['webview'];
const page = (initial?: unknown[]) =>
  webviewHtml({ webview, root, script: 'page.js', styles: ['page.css'], title: 'T', panelKey: 'k', lang: 'en', initial }, 'NONCE');

/** The JSON block's text, as the page's channel reads it. */
function block(html: string): string | undefined {
  const m = new RegExp(`<script type="application/json" id="${INITIAL_MESSAGES_ID}">([^]*?)</script>`).exec(html);
  return m?.[1];
}

describe('webview page: first messages in the HTML', () => {
  it('messages given: one JSON block, before the page script, that parses back to them', () => {
    const messages = [
      { type: 'init', strings: { a: 'b' } },
      { type: 'model', model: { title: 'Tables & <figures>', n: 3 } },
    ];
    const html = page(messages);
    const text = block(html)!;
    assert.deepEqual(JSON.parse(text), messages);
    assert.ok(html.indexOf(INITIAL_MESSAGES_ID) < html.indexOf('page.js'), 'read by the script, so written before it');
  });

  it('a text holding </script> or <!-- is written with \\u003c: it cannot end the block, and reads back whole', () => {
    const messages = [{ type: 'model', body: '</script><script>alert(1)</script> <!-- x' }];
    const html = page(messages);
    const text = block(html)!;
    assert.equal(text.includes('<'), false);
    assert.deepEqual(JSON.parse(text), messages);
    assert.equal(html.match(/<script/g)!.length, 2, 'the block and the page script, no other');
  });

  it('no messages (or an empty list): no block', () => {
    assert.equal(block(page()), undefined);
    assert.equal(block(page([])), undefined);
    assert.equal(page().includes(INITIAL_MESSAGES_ID), false);
  });

  it('the policy runs only the nonced page script', () => {
    const html = page([{ type: 'init' }]);
    assert.match(html, /script-src &#39;nonce-NONCE&#39;;/);
    assert.match(html, /<script nonce="NONCE" src="[^"]*page\.js"><\/script>/);
  });
});

describe('webview page: the heading the host knows', () => {
  const withHeading = (heading?: { title: string; detail: string }) =>
    webviewHtml({ webview, root, script: 'page.js', styles: ['page.css'], title: 'T', panelKey: 'k', lang: 'en', heading }, 'NONCE');

  it('a heading given: drawn inside the page before its script runs, as the page header draws it', () => {
    const html = withHeading({ title: 'Tabulate the figures', detail: '#1' });
    const app = /<main id="app" aria-busy="true">([^]*?)<\/main>/.exec(html)![1];
    assert.equal(app, '<header class="top early"><h1><span class="title">Tabulate the figures</span> <span class="number muted">#1</span></h1></header>');
    assert.ok(html.indexOf('Tabulate the figures') < html.indexOf('page.js'));
  });

  it('a title holding markup is written as text: no element, no script', () => {
    const html = withHeading({ title: '<img src=x onerror=alert(1)> & "quotes"', detail: '#2 <b>' });
    assert.equal(html.includes('<img'), false);
    assert.equal(html.includes('<b>'), false);
    assert.match(html, /&#60;img src=x onerror=alert\(1\)&#62; &#38; &#34;quotes&#34;/);
  });

  it('no heading: the page starts empty', () => {
    assert.match(withHeading(), /<main id="app" aria-busy="true"><\/main>/);
  });
});
