// The message editor's store (features/shared/messageEditor/messageStore.ts):
// its paths name the message, and what is written outlives a window reload
// (a new store over the same workspace state reads it back).
import assert from 'node:assert/strict';
import { MessageStore, messagePath, parseMessagePath, type StateLike } from '../../../../src/features/shared/messageEditor/messageStore';

/** A workspace state as VS Code keeps it: values read back as JSON. */
function memento(): StateLike & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    get: <T>(key: string) => (values.has(key) ? (JSON.parse(values.get(key)!) as T) : undefined),
    update: (key: string, value: unknown) => {
      values.set(key, JSON.stringify(value));
      return Promise.resolve();
    },
  };
}

const resume = { command: 'repodesk.commit.workspace', args: [{ branch: 'main' }], title: 'Commit Again…' };

describe('message editor: paths and the kept messages', () => {
  it('a path holds the key and the title; a "/" of a branch or key makes no folder; parsed back as written', () => {
    for (const [key, title] of [
      ['commit:analytical-engines/difference-engine', 'Commit message: workspace/plan'],
      ['merge:o/r#12', 'Merge message: #12'],
      ['odd %2F key: 100%', 'Title ∕ with a division slash'],
    ]) {
      const path = messagePath(key!, title!);
      assert.equal(path.split('/').length, 3, path);
      assert.deepEqual(parseMessagePath(path), { key, title: title!.replace(/\u2215/g, '/') });
    }
  });

  it('the key\'s segment reads as words in the breadcrumbs: ":", "#" and " " as they are, a "/" as a division slash, the rest escaped', () => {
    assert.equal(
      messagePath('release:analytical-engines/difference-engine', 'Release notes: v1'),
      '/release:analytical-engines∕difference-engine/Release notes: v1',
    );
    assert.equal(messagePath('merge:o/r#3', 'Merge message: #3'), '/merge:o∕r#3/Merge message: #3');
    assert.equal(messagePath('gist:add 1', 'Comment on g'), '/gist:add 1/Comment on g');
    assert.equal(messagePath('a%b?c∕d', 't'), '/a%25b%3Fc%E2%88%95d/t');
    assert.deepEqual(parseMessagePath('/a%25b%3Fc%E2%88%95d/t'), { key: 'a%b?c∕d', title: 't' });
    // A path of the earlier form (every character escaped) still parses to its key.
    assert.deepEqual(parseMessagePath('/merge%3Ao%2Fr%233/Merge message: #3'), { key: 'merge:o/r#3', title: 'Merge message: #3' });
  });

  it('the root and a folder are no message; a path of an earlier version (a number, a bad escape) parses as it is', () => {
    assert.equal(parseMessagePath('/'), undefined);
    assert.equal(parseMessagePath('/commit%3Ao'), undefined);
    assert.equal(parseMessagePath('/a/b/c'), undefined);
    assert.deepEqual(parseMessagePath('/1/Commit message: main'), { key: '1', title: 'Commit message: main' });
    assert.deepEqual(parseMessagePath('/%E0%A4%A/Commit message: main'), { key: '%E0%A4%A', title: 'Commit message: main' });
  });

  it('a message being written survives a reload: a new store over the same state reads its text, title and how to resume', () => {
    const state = memento();
    const path = messagePath('commit:o/r', 'Commit message: main');
    const before = new MessageStore(state);
    before.start(path, { key: 'commit:o/r', title: 'Commit message: main', text: '', resume });
    before.write(path, 'Typed before the reload');
    const after = new MessageStore(state);
    assert.deepEqual(after.message(path), { key: 'commit:o/r', title: 'Commit message: main', text: 'Typed before the reload', resume });
    assert.deepEqual(after.paths(), [path]);
  });

  it('a write of a path nothing started is kept under the key its path names; a folder is not written', () => {
    const state = memento();
    const store = new MessageStore(state);
    const path = messagePath('merge:o/r#3', 'Merge message: #3');
    store.write(path, 'restored tab, saved');
    store.write('/merge%3Ao', 'a folder');
    assert.deepEqual(new MessageStore(state).message(path), { key: 'merge:o/r#3', title: 'Merge message: #3', text: 'restored tab, saved' });
    assert.deepEqual(new MessageStore(state).paths(), [path]);
  });

  it('a keystroke that changes nothing and the end of a message never started write nothing to the workspace state', () => {
    const state = memento();
    let writes = 0;
    const counted: StateLike = { get: state.get, update: (key, value) => (writes++, state.update(key, value)) };
    const store = new MessageStore(counted);
    const path = messagePath('commit:o/r', 'Commit message: main');
    store.start(path, { key: 'commit:o/r', title: 'Commit message: main', text: 'Same' });
    const afterStart = writes;
    store.write(path, 'Same');
    assert.equal(writes, afterStart, 'the same text is not written again');
    store.write(path, 'Changed');
    assert.equal(writes, afterStart + 1);
    assert.equal(store.end(messagePath('commit:o/r', 'Commit message: other')), undefined);
    assert.equal(writes, afterStart + 1, 'ending what was never started writes nothing');
  });

  it('end takes the message out for good; a kept text is by key, dropped when emptied or forgotten', () => {
    const state = memento();
    const store = new MessageStore(state);
    const path = messagePath('commit:o/r', 'Commit message: main');
    store.start(path, { key: 'commit:o/r', title: 'Commit message: main', text: 'x' });
    assert.equal(store.end(path)?.text, 'x');
    assert.equal(store.end(path), undefined);
    assert.equal(new MessageStore(state).message(path), undefined);
    store.keep('commit:o/r', 'for the next try');
    assert.equal(new MessageStore(state).keptText('commit:o/r'), 'for the next try');
    store.keep('commit:o/r', '  \n');
    assert.equal(new MessageStore(state).keptText('commit:o/r'), undefined);
    store.keep('commit:o/r', 'again');
    store.forget('commit:o/r');
    assert.equal(new MessageStore(state).keptText('commit:o/r'), undefined);
  });
});
