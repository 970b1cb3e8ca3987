// Mutants left alive, equivalent: the walk's guard against painting a commit
// twice only saves work (the result is the same); `workspace.branch ?? ''`,
// `before?.trim() ?? ''` and a message's first line defaulting to '' give the
// same answer with any text.
import assert from 'node:assert/strict';
import {
  branchAsSentence,
  commitsBetween,
  readiness,
  refusalText,
  startingBranches,
  suggestedText,
  templateChoices,
  templateText,
  TEMPLATE_LIMIT,
  swapTemplate,
  withTemplate,
  type ReadCommit,
} from '../../../src/reviewing/newPull';

/** A history: sha → [parents, time, message]. */
function history(commits: Record<string, [string[], number, string?]>) {
  const reads: string[] = [];
  const read = async (sha: string): Promise<ReadCommit> => {
    reads.push(sha);
    const c = commits[sha];
    if (!c) throw new Error(`no commit ${sha}`);
    return { parents: c[0], time: c[1], message: c[2] ?? `commit ${sha}` };
  };
  return { read, reads };
}

describe('newPull: the rules of the Create Pull Request form', () => {
  describe('commitsBetween (the head’s commits the base has not, by walking the commits)', () => {
    // root ← a ← b (base) ; a ← c ← d (head)
    const forked = {
      root: [[], 1, 'Root'],
      a: [['root'], 2, 'A'],
      b: [['a'], 3, 'B'],
      c: [['a'], 4, 'C subject\n\nC body'],
      d: [['c'], 5, 'D'],
    } as Record<string, [string[], number, string?]>;

    it('a fork: the head’s own commits oldest first with their messages, and how many of the base’s it lacks', async () => {
      const { read } = history(forked);
      assert.deepEqual(await commitsBetween(read, 'd', 'b'), {
        commits: [
          { sha: 'c', message: 'C subject\n\nC body' },
          { sha: 'd', message: 'D' },
        ],
        behind: 1,
      });
    });

    it('the same commit on both sides: nothing between, nothing read', async () => {
      const { read, reads } = history(forked);
      assert.deepEqual(await commitsBetween(read, 'b', 'b'), { commits: [], behind: 0 });
      assert.deepEqual(reads, []);
    });

    it('a head the base already holds: nothing to merge, and how far behind it is', async () => {
      const { read } = history(forked);
      assert.deepEqual(await commitsBetween(read, 'a', 'b'), { commits: [], behind: 1 });
    });

    it('a head straight ahead of its base: only the new commits', async () => {
      const { read } = history(forked);
      assert.deepEqual(await commitsBetween(read, 'd', 'a'), {
        commits: [
          { sha: 'c', message: 'C subject\n\nC body' },
          { sha: 'd', message: 'D' },
        ],
        behind: 0,
      });
    });

    it('stops at what both share: commits older than the fork are not read', async () => {
      const { read, reads } = history({ ...forked, root: [['older'], 1], older: [[], 0] });
      await commitsBetween(read, 'd', 'b');
      assert.equal(reads.includes('older'), false, reads.join(','));
      assert.equal(new Set(reads).size, reads.length, 'each commit read once');
    });

    it('a merge on the head: the base’s commit merged in is not the head’s own', async () => {
      // root ← b (base); root ← c; m = merge(c, b) (head)
      const { read } = history({ root: [[], 1], b: [['root'], 2], c: [['root'], 3], m: [['c', 'b'], 4, 'Merge'] });
      assert.deepEqual(await commitsBetween(read, 'm', 'b'), {
        commits: [
          { sha: 'c', message: 'commit c' },
          { sha: 'm', message: 'Merge' },
        ],
        behind: 0,
      });
    });

    it('a base newer on both sides of a merge: the walk goes on until every queued commit is shared', async () => {
      // A commit dated older than its parent (clocks differ) on the head's side still counts.
      const { read } = history({ root: [[], 10], b: [['root'], 11], c: [['root'], 5], d: [['c'], 12] });
      assert.deepEqual(await commitsBetween(read, 'd', 'b'), {
        commits: [
          { sha: 'c', message: 'commit c' },
          { sha: 'd', message: 'commit d' },
        ],
        behind: 1,
      });
    });

    it('a head that merged the base in, with older commits of its own behind the merge: all of them, not only the newest', async () => {
      // root ← a (base); root ← y1 ← y2; h = merge(a, y2) (head)
      const { read } = history({ root: [[], 1], a: [['root'], 2], y1: [['root'], 3], y2: [['y1'], 4], h: [['a', 'y2'], 10, 'Merge'] });
      assert.deepEqual(await commitsBetween(read, 'h', 'a'), {
        commits: [
          { sha: 'y1', message: 'commit y1' },
          { sha: 'y2', message: 'commit y2' },
          { sha: 'h', message: 'Merge' },
        ],
        behind: 0,
      });
    });

    it('commits made in the same second: each after its parent', async () => {
      const { read } = history({ root: [[], 1], a: [['root'], 5], b: [['a'], 5], c: [['b'], 5] });
      assert.deepEqual(
        (await commitsBetween(read, 'c', 'root'))?.commits.map((c) => c.sha),
        ['a', 'b', 'c'],
      );
    });

    it('two lines merged: the older line first, each after its parents, the merge last', async () => {
      // root ← x1(2) ← x2(6); root ← y1(3) ← y2(4); m = merge(x2, y2)
      const { read } = history({ root: [[], 1], x1: [['root'], 2], x2: [['x1'], 6], y1: [['root'], 3], y2: [['y1'], 4], m: [['x2', 'y2'], 7] });
      assert.deepEqual(
        (await commitsBetween(read, 'm', 'root'))?.commits.map((c) => c.sha),
        ['x1', 'y1', 'y2', 'x2', 'm'],
      );
    });

    it('more commits than the budget: undefined (too far to tell), not a wrong count', async () => {
      const { read, reads } = history(forked);
      assert.equal(await commitsBetween(read, 'd', 'b', 3), undefined);
      assert.equal(reads.length, 3);
    });

    it('a budget of one: the head read, the base not', async () => {
      const { read, reads } = history(forked);
      assert.equal(await commitsBetween(read, 'd', 'b', 1), undefined);
      assert.deepEqual(reads, ['d']);
    });

    it('a budget of exactly what the walk needs is enough', async () => {
      const { read, reads } = history(forked);
      const between = await commitsBetween(read, 'd', 'b', 4);
      assert.equal(between?.commits.length, 2);
      assert.equal(reads.length, 4);
    });

    it('a failed read is the caller’s to handle', async () => {
      const { read } = history({ d: [['gone'], 1] });
      await assert.rejects(commitsBetween(read, 'd', 'd2'), /no commit d2/);
    });
  });

  describe('branchAsSentence', () => {
    it('dashes become spaces and the first letter a capital: gear-train → Gear train', () => {
      assert.equal(branchAsSentence('gear-train'), 'Gear train');
    });
    it('underscores and runs of them are one space; a slash stays', () => {
      assert.equal(branchAsSentence('fix/carry__ripple-_step'), 'Fix/carry ripple step');
    });
    it('spaces and tabs among them are one space too', () => {
      assert.equal(branchAsSentence('odd - name\t\tthere'), 'Odd name there');
    });
    it('leading and trailing dashes leave no space', () => {
      assert.equal(branchAsSentence('-wip-'), 'Wip');
    });
    it('the rest keeps its case', () => {
      assert.equal(branchAsSentence('add-HTTP-client'), 'Add HTTP client');
    });
    it('an empty name stays empty', () => {
      assert.equal(branchAsSentence(''), '');
    });
  });

  describe('suggestedText (title and description from the commits)', () => {
    it('one commit: its subject as the title and its body as the description', () => {
      assert.deepEqual(suggestedText('gear-ratios', [{ message: 'Write down the gear ratios  \n\nTen to one.\nBetween the wheels.\n' }]), {
        title: 'Write down the gear ratios',
        body: 'Ten to one.\nBetween the wheels.',
      });
    });
    it('one commit without a body: an empty description', () => {
      assert.deepEqual(suggestedText('x', [{ message: 'Only a subject' }]), { title: 'Only a subject', body: '' });
    });
    it('several commits: the branch as a sentence, the subjects as a Markdown list in order', () => {
      assert.deepEqual(suggestedText('gear-train', [{ message: ' Cut the wheels \n\nwith care' }, { message: 'Mesh them' }]), {
        title: 'Gear train',
        body: '- Cut the wheels\n- Mesh them',
      });
    });
    it('no commits: the branch as a sentence and no description', () => {
      assert.deepEqual(suggestedText('gear-train', []), { title: 'Gear train', body: '' });
    });
  });

  describe('withTemplate', () => {
    it('the suggestion, a blank line, then the template', () => {
      assert.equal(withTemplate(' Ten to one. \n', '\n## Checklist\n'), 'Ten to one.\n\n## Checklist');
    });
    it('no template: the suggestion alone', () => {
      assert.equal(withTemplate('Ten to one.', undefined), 'Ten to one.');
    });
    it('no suggestion: the template alone', () => {
      assert.equal(withTemplate('  ', '## Checklist'), '## Checklist');
    });
    it('neither: empty', () => {
      assert.equal(withTemplate('', '  '), '');
    });
  });

  describe('swapTemplate (another template chosen for a description the user wrote)', () => {
    it('the earlier template, still in the text, becomes the new one; the text around it stays', () => {
      assert.equal(
        swapTemplate('Mine.\n\n## Bug\n- [ ] Steps\n\nMore of mine.', '\n## Bug\n- [ ] Steps\n', '## Feature\n'),
        'Mine.\n\n## Feature\n\nMore of mine.',
      );
    });
    it('no template now: the earlier one taken out', () => {
      assert.equal(swapTemplate('Mine.\n\n## Bug', '## Bug', undefined), 'Mine.');
    });
    it('the earlier template edited away: the new one after the text', () => {
      assert.equal(swapTemplate('Mine, and the bug template rewritten', '## Bug', '## Feature'), 'Mine, and the bug template rewritten\n\n## Feature');
    });
    it('no earlier template: the new one after the text', () => {
      assert.equal(swapTemplate('Mine.', undefined, '## Feature'), 'Mine.\n\n## Feature');
    });
    it('an earlier template of only spaces is no template: the new one after the text', () => {
      assert.equal(swapTemplate('Mine.', '  ', '## Feature'), 'Mine.\n\n## Feature');
    });
  });

  describe('templateChoices', () => {
    it('.github’s template before the root’s and docs’', () => {
      assert.deepEqual(templateChoices(['docs/PULL_REQUEST_TEMPLATE.md', 'PULL_REQUEST_TEMPLATE.md', '.github/PULL_REQUEST_TEMPLATE.md'], []), [
        '.github/PULL_REQUEST_TEMPLATE.md',
      ]);
    });
    it('the root’s before docs’', () => {
      assert.deepEqual(templateChoices(['docs/PULL_REQUEST_TEMPLATE.md', 'PULL_REQUEST_TEMPLATE.md'], []), ['PULL_REQUEST_TEMPLATE.md']);
    });
    it('docs’ alone', () => {
      assert.deepEqual(templateChoices(['docs/PULL_REQUEST_TEMPLATE.md'], []), ['docs/PULL_REQUEST_TEMPLATE.md']);
    });
    it('a path that is no template place is not one', () => {
      assert.deepEqual(templateChoices(['README.md'], []), []);
    });
    it('the folder’s Markdown files by name, after the single template; other files left out', () => {
      assert.deepEqual(templateChoices(['PULL_REQUEST_TEMPLATE.md'], ['fix.md', 'notes.txt', 'Feature.MD', 'bug.md']), [
        'PULL_REQUEST_TEMPLATE.md',
        '.github/PULL_REQUEST_TEMPLATE/bug.md',
        '.github/PULL_REQUEST_TEMPLATE/Feature.MD',
        '.github/PULL_REQUEST_TEMPLATE/fix.md',
      ]);
    });
    it('a name that only contains .md is not Markdown', () => {
      assert.deepEqual(templateChoices([], ['x.md.bak', 'a.md']), ['.github/PULL_REQUEST_TEMPLATE/a.md']);
    });
    it('none: none', () => {
      assert.deepEqual(templateChoices([], []), []);
    });
  });

  describe('templateText', () => {
    const utf8 = (s: string) => new TextEncoder().encode(s);
    it('UTF-8 within the limit: the text, not cut', () => {
      assert.deepEqual(templateText(utf8('## Änderungen\n')), { text: '## Änderungen\n' });
    });
    it('exactly the limit: not cut', () => {
      assert.deepEqual(templateText(utf8('a'.repeat(TEMPLATE_LIMIT))), { text: 'a'.repeat(TEMPLATE_LIMIT) });
    });
    it('over 64 KB: the first 64 KB, said to be cut', () => {
      assert.equal(TEMPLATE_LIMIT, 65_536);
      assert.deepEqual(templateText(utf8('a'.repeat(TEMPLATE_LIMIT + 1))), { text: 'a'.repeat(TEMPLATE_LIMIT), cut: 'tooLarge' });
    });
    it('over the limit with a character split at it: the character left out, no replacement sign', () => {
      for (const ch of ['é', '€', '𝄞']) {
        const width = utf8(ch).length;
        for (let split = 1; split < width; split++) {
          const bytes = utf8('a'.repeat(TEMPLATE_LIMIT - split) + ch + 'tail');
          assert.deepEqual(templateText(bytes), { text: 'a'.repeat(TEMPLATE_LIMIT - split), cut: 'tooLarge' }, `${ch} split after ${split}`);
        }
      }
    });
    it('over the limit with a whole character ending at it: the character kept', () => {
      for (const ch of ['é', '€', '𝄞']) {
        const width = utf8(ch).length;
        const bytes = utf8('a'.repeat(TEMPLATE_LIMIT - width) + ch + 'tail');
        assert.deepEqual(templateText(bytes), { text: 'a'.repeat(TEMPLATE_LIMIT - width) + ch, cut: 'tooLarge' }, ch);
      }
    });
    it('not UTF-8 (Latin-1): the text up to the first byte that is not, said so', () => {
      assert.deepEqual(templateText(Uint8Array.from([0x23, 0x20, 0x41, 0xe4, 0x42])), { text: '# A', cut: 'notUtf8' });
    });
    it('not UTF-8 and over the limit: cut where it stops being UTF-8', () => {
      const bytes = new Uint8Array(TEMPLATE_LIMIT + 10).fill(0x61);
      bytes[5] = 0xff;
      assert.deepEqual(templateText(bytes), { text: 'aaaaa', cut: 'notUtf8' });
    });
  });

  describe('startingBranches', () => {
    const branches = ['master', 'gear-train', 'docs/notation'];
    it('the base is the default branch; the head the workspace’s branch when on this repository', () => {
      assert.deepEqual(startingBranches(branches, 'master', undefined, { branch: 'gear-train', onRepository: true }), { base: 'master', head: 'gear-train' });
    });
    it('a workspace that is a checkout of another repository: no head', () => {
      assert.deepEqual(startingBranches(branches, 'master', undefined, { branch: 'gear-train', onRepository: false }), { base: 'master', head: undefined });
    });
    it('a workspace on the default branch: no head (never the default branch)', () => {
      assert.deepEqual(startingBranches(branches, 'master', undefined, { branch: 'master', onRepository: true }), { base: 'master', head: undefined });
    });
    it('a workspace branch the service does not have: no head', () => {
      assert.deepEqual(startingBranches(branches, 'master', undefined, { branch: 'local-only', onRepository: true }), { base: 'master', head: undefined });
    });
    it('a workspace on no branch: no head', () => {
      assert.deepEqual(startingBranches(['master', ''], 'master', undefined, { branch: undefined, onRepository: true }), { base: 'master', head: undefined });
    });
    it('a head given (after a commit): that head, whatever the workspace is on', () => {
      assert.deepEqual(startingBranches(branches, 'master', 'docs/notation', { branch: 'gear-train', onRepository: true }), {
        base: 'master',
        head: 'docs/notation',
      });
    });
    it('a default branch the service does not list: the first branch as base', () => {
      assert.deepEqual(startingBranches(['main', 'x'], 'master', undefined, { branch: 'x', onRepository: true }), { base: 'main', head: 'x' });
    });
    it('no branches at all: the default branch named, no head', () => {
      assert.deepEqual(startingBranches([], 'master', undefined, { branch: undefined, onRepository: false }), { base: 'master', head: undefined });
    });
  });

  describe('readiness', () => {
    const form = { head: 'gear-train', base: 'master', title: 'Gear train', ahead: 3 as number | 'counting' | 'unknown' };
    it('a head, another base, commits between and a title: ready', () => {
      assert.equal(readiness(form), 'ready');
    });
    it('no head: noHead', () => {
      assert.equal(readiness({ ...form, head: '' }), 'noHead');
    });
    it('the same branch twice: sameBranches', () => {
      assert.equal(readiness({ ...form, base: 'gear-train' }), 'sameBranches');
    });
    it('no commits between: nothingToMerge, even with a title', () => {
      assert.equal(readiness({ ...form, ahead: 0 }), 'nothingToMerge');
    });
    it('a blank title: noTitle', () => {
      assert.equal(readiness({ ...form, title: '  ' }), 'noTitle');
    });
    it('still counting: counting', () => {
      assert.equal(readiness({ ...form, ahead: 'counting' }), 'counting');
    });
    it('too many to count: ready (the service decides)', () => {
      assert.equal(readiness({ ...form, ahead: 'unknown' }), 'ready');
    });
  });

  describe('refusalText', () => {
    it('the message, then each error’s own words', () => {
      assert.equal(
        refusalText('Validation Failed (PullRequest.head.already_exists)', ['A pull request already exists for ada:gear-train.']),
        'Validation Failed (PullRequest.head.already_exists) — A pull request already exists for ada:gear-train.',
      );
    });
    it('empty, missing and repeated words are left out', () => {
      assert.equal(refusalText('Refused', [undefined, ' ', 'Twice', 'Twice ', 'Refused']), 'Refused — Twice');
    });
    it('no details: the message alone', () => {
      assert.equal(refusalText('Not Found', []), 'Not Found');
    });
  });
});
