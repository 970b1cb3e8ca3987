import assert from 'node:assert/strict';
import { PagedList } from '../../src/util/pagedList';

async function* numbers(count: number, pulled: { n: number }, failAt = -1): AsyncGenerator<number> {
  for (let i = 0; i < count; i++) {
    if (i === failAt) throw new Error('Server Error');
    pulled.n++;
    yield i;
  }
}

describe('PagedList ("Load more" in the tree views)', () => {
  it('loads one chunk at first and another on each Load more', async () => {
    const pulled = { n: 0 };
    const list = new PagedList(() => numbers(250, pulled), 100);
    await list.ensureLoaded();
    assert.equal(list.loaded.length, 100);
    assert.equal(list.hasMore, true);
    await list.loadMore();
    await list.loadMore();
    assert.equal(list.loaded.length, 250);
    assert.equal(list.hasMore, false);
    assert.equal(pulled.n, 250);
  });

  it('never pulls the same chunk twice when Load more is clicked twice at once', async () => {
    const pulled = { n: 0 };
    const list = new PagedList(() => numbers(300, pulled), 100);
    await Promise.all([list.loadMore(), list.loadMore()]);
    assert.equal(list.loaded.length, 100);
    assert.equal(pulled.n, 100);
  });

  it('a view asking while the first chunk is being read (read ahead) gets the whole chunk, not the part read so far', async () => {
    const pulled = { n: 0 };
    const list = new PagedList(() => numbers(150, pulled), 100);
    const ahead = list.ensureLoaded();
    await Promise.resolve();
    await Promise.resolve();
    assert.ok(list.loaded.length > 0 && list.loaded.length < 100, `part of the chunk is in: ${list.loaded.length}`);
    await list.ensureLoaded();
    assert.equal(list.loaded.length, 100);
    await ahead;
    assert.equal(pulled.n, 100);
  });

  it('keeps the error for the view to show, and a reset starts over', async () => {
    const pulled = { n: 0 };
    let fail = true;
    const list = new PagedList(() => numbers(10, pulled, fail ? 3 : -1), 100);
    await list.ensureLoaded();
    assert.match(String(list.error), /Server Error/);
    fail = false;
    list.reset();
    await list.ensureLoaded();
    assert.equal(list.error, undefined);
    assert.deepEqual(list.loaded, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('a read begun before a reset does not bring its older rows into the list read after it', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reads = 0;
    const list = new PagedList<string>(async function* () {
      reads++;
      if (reads === 1) {
        await held;
        yield 'old row';
        return;
      }
      yield 'new row';
    }, 10);
    const first = list.ensureLoaded();
    list.reset();
    await list.ensureLoaded();
    release();
    await first;
    assert.deepEqual(list.loaded, ['new row']);
  });

  it('replace shows the given rows at once and drops a read under way', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const list = new PagedList<string>(async function* () {
      await held;
      yield 'old row';
    }, 10);
    const reading = list.ensureLoaded();
    list.replace(['from the answer']);
    release();
    await reading;
    assert.deepEqual(list.loaded, ['from the answer']);
    assert.equal(list.error, undefined);
  });

  it('rows given to a list not read yet are taken over by its first read, not read again beside them (Load more after the first item created)', async () => {
    const list = new PagedList<{ id: number }>(async function* () {
      yield { id: 1 };
    }, 10);
    list.replace([{ id: 1 }]);
    await list.loadMore();
    assert.deepEqual(list.loaded, [{ id: 1 }]);
    assert.equal(list.hasMore, false);
  });

  it('replaceWith takes a list read anew with its paging: no "+" when it was all read, and Load more goes on from where it stopped', async () => {
    const pulled = { n: 0 };
    const list = new PagedList(() => numbers(3, pulled), 2);
    list.replace([0]);
    assert.equal(list.hasMore, true, 'not read: more may come');
    const all = new PagedList(() => numbers(1, { n: 0 }), 2);
    await all.ensureLoaded();
    list.replaceWith(all);
    assert.deepEqual(list.loaded, [0]);
    assert.equal(list.hasMore, false);
    const firstPage = new PagedList(() => numbers(3, pulled), 2);
    await firstPage.ensureLoaded();
    list.replaceWith(firstPage);
    assert.equal(list.hasMore, true);
    await list.loadMore();
    assert.deepEqual(list.loaded, [0, 1, 2]);
    assert.equal(list.hasMore, false);
  });

  it('a read begun before a reset, ending after the next read began, does not let a third read start beside that one', async () => {
    const releases: Array<() => void> = [];
    let reads = 0;
    const list = new PagedList<number>(async function* () {
      reads++;
      await new Promise<void>((resolve) => releases.push(resolve));
      yield reads;
    }, 10);
    const first = list.ensureLoaded();
    list.reset();
    const second = list.loadMore();
    releases[0]!();
    await first;
    assert.equal(list.loadMore(), second, 'the load under way is shared, not started again');
    assert.equal(reads, 2);
    releases[1]!();
    await second;
    assert.deepEqual(list.loaded, [2]);
  });

  it('a read begun before a reset that then fails leaves no error on the list read after it', async () => {
    let fail: (err: Error) => void = () => undefined;
    const failing = new Promise<never>((_, reject) => (fail = reject));
    let reads = 0;
    const list = new PagedList<string>(async function* () {
      reads++;
      if (reads === 1) yield await failing;
      yield 'new row';
    }, 10);
    const first = list.ensureLoaded();
    list.reset();
    await list.ensureLoaded();
    fail(new Error('Server Error'));
    await first;
    assert.equal(list.error, undefined);
    assert.deepEqual(list.loaded, ['new row']);
  });

  it('ensureLoaded reads nothing more once a chunk is loaded, an empty list was read, or the read failed (a retry resets first)', async () => {
    const pulled = { n: 0 };
    const some = new PagedList(() => numbers(250, pulled), 100);
    await some.ensureLoaded();
    await some.ensureLoaded();
    assert.equal(some.loaded.length, 100);
    let opened = 0;
    const empty = new PagedList<number>(() => {
      opened++;
      return numbers(0, { n: 0 });
    }, 10);
    await empty.ensureLoaded();
    await empty.ensureLoaded();
    assert.equal(opened, 1);
    let failedReads = 0;
    const failing = new PagedList<number>(() => {
      failedReads++;
      return numbers(5, { n: 0 }, 0);
    }, 10);
    await failing.ensureLoaded();
    await failing.ensureLoaded();
    assert.equal(failedReads, 1);
    assert.ok(failing.error instanceof Error);
  });
});
