// The top of the page: title and number, the state badge, author, base ←
// head, dates, the lifecycle buttons, labels, counts and mergeability.
import type { PageModel, PullAction, ReviewAction } from '../model/messages';
import { reviewButtons } from './pendingReview';
import { h, icon } from '../../shared/webview/dom';
import type { Text } from './text';

const STATE_ICONS = { open: 'git-pull-request', closed: 'git-pull-request-closed', merged: 'git-merge' } as const;

export function avatarImage(person: { login: string; avatar?: string | undefined }, text: Text, size = 20): HTMLElement {
  // Only data: URIs from the host (the page loads nothing remote); otherwise an icon.
  return person.avatar?.startsWith('data:image/')
    ? h('img', { class: 'avatar', src: person.avatar, width: size, height: size, alt: text.t('avatarOf', person.login) })
    : h('span', { class: 'avatar avatar-none' }, icon('account', text.t('avatarOf', person.login)));
}

function button(label: string, codicon: string, onClick: () => void, secondary = true): HTMLElement {
  const b = h('vscode-button', { secondary, icon: codicon }, label);
  b.addEventListener('click', onClick);
  return b;
}

export function renderHeader(
  m: PageModel,
  text: Text,
  act: (a: PullAction) => void,
  refresh: () => void,
  review?: (a: ReviewAction) => void,
  localFiles = true,
): HTMLElement {
  const { t } = text;
  const stateLabel = { open: t('stateOpen'), closed: t('stateClosed'), merged: t('stateMerged') }[m.state];
  const badge = h('span', { class: `state-badge state-${m.state}`, role: 'status' }, icon(STATE_ICONS[m.state]), ` ${stateLabel}`);
  const head = m.head ?? t('headDeleted', m.headRef);
  const branches = h(
    'span',
    { class: 'branches', 'aria-label': t('intoFrom', m.base, head) },
    h('code', { class: 'ref' }, m.base),
    ' ',
    icon('arrow-left'),
    ' ',
    h('code', { class: `ref${m.head ? '' : ' deleted'}` }, head),
  );
  const dates = h('span', { class: 'dates muted' });
  const when = (key: 'opened' | 'updated' | 'closedAt' | 'mergedAt', iso: string) => {
    const [before, after] = t(key, '\u0000').split('\u0000');
    return h('span', {}, before ?? '', text.time(iso), after ?? '');
  };
  dates.append(when('opened', m.created));
  if (m.merged) dates.append(' · ', when('mergedAt', m.merged));
  else if (m.closed) dates.append(' · ', when('closedAt', m.closed));
  dates.append(' · ', when('updated', m.updated));

  const actions = h('div', { class: 'actions', role: 'toolbar' });
  // A head branch deleted on the service: nothing to merge or check out (the note below says why).
  if (m.state === 'open' && !m.headDeleted) actions.append(button(t('actionMerge'), 'git-merge', () => act('merge'), false));
  actions.append(button(t('actionEdit'), 'edit', () => act('edit')));
  if (m.state === 'open') actions.append(button(t('actionClose'), 'git-pull-request-closed', () => act('close')));
  if (m.state === 'closed') actions.append(button(t('actionReopen'), 'git-pull-request', () => act('reopen')));
  if (m.head && m.state !== 'merged' && !m.headDeleted && localFiles) actions.append(button(t('actionCheckout'), 'git-branch', () => act('checkout')));
  actions.append(
    button(t('actionOpenInBrowser'), 'link-external', () => act('openInBrowser')),
    button(t('refresh'), 'refresh', refresh),
  );
  // The pending review: Start Review, or its count with Submit and Discard.
  if (review) actions.append(...reviewButtons(m, text, review));

  const labels =
    m.labels.length === 0
      ? null
      : h(
          'ul',
          { class: 'labels', 'aria-label': t('labels') },
          ...m.labels.map((l) => {
            const chip = h('li', { class: 'label' }, h('span', { class: 'swatch' }), l.name);
            // Colours as CSSOM properties: the CSP allows no inline style attribute.
            (chip.firstChild as HTMLElement).style.backgroundColor = `#${l.color}`;
            return chip;
          }),
        );

  const c = m.counts;
  const count = (n: number, label: string, cls = '') => h('li', { class: cls }, h('strong', {}, text.num(n)), ` ${label}`);
  const counts = h(
    'ul',
    { class: 'counts' },
    count(c.commits, t('countCommits')),
    count(c.changedFiles, t('countFiles')),
    h('li', { class: 'additions', title: t('countAdditions') }, `+${text.num(c.additions)}`),
    h('li', { class: 'deletions', title: t('countDeletions') }, `−${text.num(c.deletions)}`),
    count(c.comments, t('countComments')),
    count(c.reviewComments, t('countReviewComments')),
  );

  const mergeability =
    m.state !== 'open'
      ? null
      : m.headDeleted
        ? h('p', { class: 'mergeability head-deleted', role: 'status' }, icon('warning'), ` ${t('headBranchDeleted', m.headRef)}`)
        : m.mergeable === true
          ? h('p', { class: 'mergeability ok' }, icon('check'), ` ${t('mergeable')}`)
          : m.mergeable === false
            ? h('p', { class: 'mergeability conflict' }, icon('warning'), ` ${t('notMergeable')}`)
            : h('p', { class: 'mergeability muted' }, icon('loading'), ` ${t('mergeUnknown')}`);

  return h(
    'header',
    { class: 'top' },
    h('h1', {}, h('span', { class: 'title' }, m.title), ' ', h('span', { class: 'number muted' }, `#${m.number}`)),
    h('div', { class: 'meta' }, badge, h('span', { class: 'author' }, avatarImage(m.author, text), h('strong', {}, m.author.login)), branches, dates),
    actions,
    labels,
    counts,
    mergeability,
  );
}
