// Bodies and comments are markdown; HTML and scripts in them are text, never
// markup (the webview sanitizes the result again with DOMPurify).
import assert from 'node:assert/strict';
import { renderMarkdown } from '../../src/util/markdown';

describe('pull request overview: markdown of bodies and comments', () => {
  it('renders markdown: emphasis, lists, code and links', () => {
    const html = renderMarkdown('Adds **the loop**.\n\n- one\n- two\n\n`code` and [docs](https://example.com/docs)');
    assert.match(html, /<strong>the loop<\/strong>/);
    assert.match(html, /<li>one<\/li>/);
    assert.match(html, /<code>code<\/code>/);
    assert.match(html, /<a href="https:\/\/example.com\/docs" rel="noreferrer noopener">docs<\/a>/);
  });

  it('shows HTML and script in a body as text', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror=alert(2)> <b>bold?</b>');
    assert.doesNotMatch(html, /<script|<img|<b>/i);
    assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.match(html, /&lt;b&gt;bold\?&lt;\/b&gt;/);
  });

  it('links only to http(s) and mailto; javascript: and data: links stay text', () => {
    const html = renderMarkdown('[x](javascript:alert(1)) [y](data:text/html,hi) [z](vbscript:1) <mailto:ada@example.com>');
    assert.doesNotMatch(html, /href="(javascript|data|vbscript):/i);
    assert.match(html, /href="mailto:ada@example.com"/);
  });

  it('an image becomes a link to it (the page loads nothing remote)', () => {
    const html = renderMarkdown('![the engine](https://example.com/engine.png) ![bad](javascript:x)');
    assert.doesNotMatch(html, /<img/);
    assert.match(html, /<a href="https:\/\/example.com\/engine.png">the engine<\/a>/);
  });

  it('no body is no HTML', () => {
    assert.equal(renderMarkdown(null), '');
    assert.equal(renderMarkdown('  \n'), '');
  });
});
