// The active repository (features/shared/selection/activeRepository.ts), which the Pull Requests, Releases and Git Refs
// views follow: a choice reaches them whatever becomes of remembering it in the workspace state.
import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { ActiveRepository, type RepoRef } from '../../src/features/shared/selection/activeRepository';

/** A workspace state whose writes answer with `written` (never, or a refusal). */
function stateWhoseWrites(written: () => Promise<void>): vscode.Memento {
  return { get: () => undefined, update: written, keys: () => [] } as unknown as vscode.Memento;
}

const DIFFERENCE_ENGINE: RepoRef = { owner: 'analytical-engines', name: 'difference-engine' };
const NOTES: RepoRef = { owner: 'ada', name: 'notes-on-the-engine' };

describe('The active repository', () => {
  it('a repository chosen while the workspace state has not stored the last choice is heard at once, and so is the next one', () => {
    const active = new ActiveRepository(stateWhoseWrites(() => new Promise<void>(() => undefined)));
    const heard: Array<RepoRef | undefined> = [];
    active.onDidChange((r) => heard.push(r));
    void active.set(DIFFERENCE_ENGINE);
    void active.set(NOTES);
    assert.deepEqual(heard, [DIFFERENCE_ENGINE, NOTES], 'the views follow each click, not the write');
    assert.deepEqual(active.value, NOTES);
    active.dispose();
  });

  it('a write the workspace state refuses still leaves the choice heard (and says the write failed)', async () => {
    const active = new ActiveRepository(stateWhoseWrites(() => Promise.reject(new Error('storage refused'))));
    const heard: Array<RepoRef | undefined> = [];
    active.onDidChange((r) => heard.push(r));
    await assert.rejects(active.set(DIFFERENCE_ENGINE), /storage refused/);
    assert.deepEqual(heard, [DIFFERENCE_ENGINE]);
    active.dispose();
  });
});
