// The Commits and Files changed tabs: one row a commit (short SHA, message,
// author, date; opening it lists its files) and one row a file (change
// kind, path, lines added and removed; opening it shows its diff). Rows are
// buttons, so the keyboard opens them as the mouse does.
import type { CommitRow, FileRow, PageModel, WebviewToHost } from '../model/messages';
import { h, icon } from '../../shared/webview/dom';
import type { Text } from './text';

const FILE_ICONS: Record<string, string> = { added: 'diff-added', removed: 'diff-removed', modified: 'diff-modified', renamed: 'diff-renamed' };

/**
 * The end of a tab read a page at a time: how many rows of how many are
 * shown, and a Load more button, pressed for the user when it scrolls into
 * view; or, once the service's list ended short of the pull request's own
 * count, what it left out.
 */
function listEnd(
  section: { rows: readonly unknown[]; more?: boolean | undefined; unlisted?: number | undefined },
  counted: number,
  which: 'commits' | 'files',
  text: Text,
  send: (msg: WebviewToHost) => void,
): HTMLElement | null {
  const { t, num } = text;
  if (section.unlisted) {
    const listed = section.rows.length;
    return h(
      'p',
      { class: 'notice unlisted', role: 'note' },
      icon('warning'),
      ' ',
      t(which === 'files' ? 'unlistedFiles' : 'unlistedCommits', num(listed), num(listed + section.unlisted), num(section.unlisted)),
    );
  }
  if (!section.more) return null;
  const button = h('vscode-button', { secondary: true, class: 'load-more' }, t(which === 'files' ? 'loadMoreFiles' : 'loadMoreCommits'));
  const ask = () => {
    if (button.hasAttribute('disabled')) return;
    button.setAttribute('disabled', '');
    send({ type: 'loadMore', list: which });
  };
  button.addEventListener('click', ask);
  // Scrolled near the end of the list: the next page is read as if asked.
  new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) ask();
    },
    { rootMargin: '400px' },
  ).observe(button);
  return h('p', { class: 'list-end muted' }, t('shownOf', num(section.rows.length), num(counted)), ' ', button);
}

function sectionState(rows: readonly unknown[], error: string | undefined, emptyText: string, text: Text): HTMLElement | null {
  if (error) return h('p', { class: 'error', role: 'alert' }, text.t('sectionFailed', error));
  return rows.length === 0 ? h('p', { class: 'muted empty' }, emptyText) : null;
}

export function renderCommits(m: PageModel, text: Text, send: (msg: WebviewToHost) => void): HTMLElement {
  const list = h('ol', { class: 'rows commits' });
  for (const c of m.commits.rows) list.append(h('li', {}, commitRow(c, text, send)));
  return h(
    'section',
    {},
    sectionState(m.commits.rows, m.commits.error, text.t('noCommits'), text),
    list,
    listEnd(m.commits, m.counts.commits, 'commits', text, send),
  );
}

function commitRow(c: CommitRow, text: Text, send: (msg: WebviewToHost) => void): HTMLElement {
  const row = h(
    'button',
    { class: 'row-button', type: 'button', title: [text.t('openCommit', c.shortSha), c.more].filter(Boolean).join('\n\n') },
    h('code', { class: 'sha' }, c.shortSha),
    h('span', { class: 'row-main' }, c.title),
    h('span', { class: 'row-side muted' }, c.login ?? c.author, ' · ', text.time(c.date)),
  );
  row.addEventListener('click', () => send({ type: 'openCommit', sha: c.sha }));
  return row;
}

export function renderFiles(m: PageModel, text: Text, send: (msg: WebviewToHost) => void): HTMLElement {
  const list = h('ol', { class: 'rows files' });
  for (const f of m.files.rows) list.append(h('li', {}, fileRow(f, text, send)));
  const progress =
    m.viewed && m.viewed.total > 0
      ? h('p', { class: 'muted viewed-progress' }, text.t('viewedProgress', text.num(m.viewed.viewed), text.num(m.viewed.total)))
      : null;
  return h(
    'section',
    {},
    sectionState(m.files.rows, m.files.error, text.t('noFiles'), text),
    progress,
    list,
    listEnd(m.files, m.counts.changedFiles, 'files', text, send),
  );
}

function fileRow(f: FileRow, text: Text, send: (msg: WebviewToHost) => void): HTMLElement {
  const { t } = text;
  const status =
    ({ added: t('statusAdded'), removed: t('statusRemoved'), modified: t('statusModified'), renamed: t('statusRenamed') } as Record<string, string>)[
      f.status
    ] ?? f.status;
  const slash = f.path.lastIndexOf('/');
  const row = h(
    'button',
    { class: 'row-button', type: 'button', title: t('openFile', f.path) },
    h('span', { class: `file-status status-${f.status}` }, icon(FILE_ICONS[f.status] ?? 'diff-modified', status)),
    h(
      'span',
      { class: 'row-main' },
      h('span', { class: 'file-name' }, f.path.slice(slash + 1)),
      slash > 0 ? h('span', { class: 'muted file-dir' }, ` ${f.path.slice(0, slash)}`) : null,
    ),
    h(
      'span',
      { class: 'row-side' },
      h('span', { class: 'additions' }, `+${text.num(f.additions)}`),
      ' ',
      h('span', { class: 'deletions' }, `−${text.num(f.deletions)}`),
    ),
  );
  row.addEventListener('click', () => send({ type: 'openFile', path: f.path }));
  return row;
}
