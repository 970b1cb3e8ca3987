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

describe('webview page: stylesheets and the first paint', () => {
  const styled = (inlineStyles?: string[]) =>
    webviewHtml(
      {
        webview,
        root,
        script: 'page.js',
        styles: ['codicon.css'],
        inlineStyles,
        title: 'T',
        panelKey: 'k',
        lang: 'en',
        heading: { title: 'Tabulate', detail: '#1' },
      },
      'NONCE',
    );

  it('an inline stylesheet is written in the head in a nonced element, and the policy allows that nonce', () => {
    const html = styled(['.top { color: red; }']);
    const head = /<head>([^]*?)<\/head>/.exec(html)![1]!;
    assert.match(head, /<style nonce="NONCE">\.top \{ color: red; \}<\/style>/);
    assert.match(html, /style-src https:\/\/file\+\.vscode-resource &#39;nonce-NONCE&#39;;/);
  });

  it('a stylesheet holding </style> cannot close its element: one style element, the rest of the page intact', () => {
    const html = styled(['a::after { content: "</STYLE><script>alert(1)</script>"; }']);
    assert.equal(html.match(/<\/style>/gi)!.length, 1);
    // The element's text, up to the one end tag: the whole stylesheet (`\/` is `/` to CSS).
    const text = /<style nonce="NONCE">([^]*?)<\/style>/i.exec(html)![1];
    assert.equal(text, 'a::after { content: "<\\/STYLE><script>alert(1)<\\/script>"; }');
    assert.ok(html.indexOf('<script nonce="NONCE"') > html.indexOf('</style>'), 'the page script is after the style element');
  });

  it('linked stylesheets come after the heading, so they do not hold its first paint; none in the head', () => {
    const html = styled(['.top {}']);
    const head = /<head>([^]*?)<\/head>/.exec(html)![1]!;
    assert.equal(head.includes('<link'), false);
    const link = html.indexOf('<link rel="stylesheet"');
    assert.ok(link > html.indexOf('Tabulate'), 'the link is after the heading');
    assert.ok(link < html.indexOf('page.js'), 'and before the page script, which needs it');
    assert.match(html, /<link rel="stylesheet" href="[^"]*codicon\.css" id="vscode-codicon-stylesheet">/);
  });

  it('no inline stylesheet: no style element', () => {
    assert.equal(styled().includes('<style'), false);
    assert.equal(styled([]).includes('<style'), false);
  });
});

describe('webview page: the page as last drawn', () => {
  const written = (drawing?: string, heading?: { title: string; detail: string }) =>
    webviewHtml({ webview, root, script: 'page.js', styles: ['page.css'], title: 'T', panelKey: 'k', lang: 'en', heading, drawing }, 'NONCE');

  it('a drawing given: written as the page content in place of the heading, before the page script', () => {
    const drawing = '<header class="top"><h1>Tables</h1></header><vscode-tabs selected-index="0"></vscode-tabs>';
    const html = written(drawing, { title: 'Tables', detail: '#1' });
    assert.ok(html.includes(`<main id="app" aria-busy="true">${drawing}</main>`));
    assert.equal(html.includes('early'), false, 'no heading besides it');
    assert.ok(html.indexOf(drawing) < html.indexOf('page.js'));
  });

  it('a drawing given: the page script is added by a nonced script once the drawing has been painted, not parsed with the page', () => {
    const html = written('<h1>Tables</h1>');
    assert.doesNotMatch(html, /<script nonce="NONCE" src=/, 'no script the parser runs as soon as it is read');
    assert.match(
      html,
      /<script nonce="NONCE">requestAnimationFrame\(\(\) => setTimeout\(\(\) => \{ const s = document\.createElement\('script'\); s\.nonce = "NONCE"; s\.src = "[^"]*page\.js"; document\.body\.append\(s\); \}\)\);<\/script>/,
    );
    assert.equal(html.match(/<script/g)!.length, 1);
  });

  it('a script address holding </script> cannot end the adding script: written \\u003c in its JSON string', () => {
    const odd = { path: '/ext/</script><script>alert(1)//', with: root.with } as unknown as Parts['root'];
    const html = webviewHtml({ webview, root: odd, script: 'page.js', styles: [], title: 'T', panelKey: 'k', lang: 'en', drawing: '<p>x</p>' }, 'NONCE');
    assert.equal(html.match(/<script/g)!.length, 1);
    assert.equal(html.match(/<\/script>/g)!.length, 1);
    assert.ok(html.includes('\\u003c/script>\\u003cscript>alert(1)//'));
  });

  it('the whole policy: nothing by default, images and fonts from the resource origin only', () => {
    assert.match(
      written(),
      /content="default-src &#39;none&#39;; script-src &#39;nonce-NONCE&#39;; style-src https:\/\/file\+\.vscode-resource &#39;nonce-NONCE&#39;; font-src https:\/\/file\+\.vscode-resource; img-src https:\/\/file\+\.vscode-resource data:"/,
    );
  });

  it('no drawing: the page script is in the page, as the parser reads it', () => {
    assert.match(written(), /<script nonce="NONCE" src="[^"]*page\.js"><\/script>/);
    assert.doesNotMatch(written(), /requestAnimationFrame/);
  });

  it('no drawing: the heading, as before', () => {
    assert.match(written(undefined, { title: 'Tables', detail: '#1' }), /<main id="app" aria-busy="true"><header class="top early">/);
    assert.match(written(), /<main id="app" aria-busy="true"><\/main>/);
  });
});
