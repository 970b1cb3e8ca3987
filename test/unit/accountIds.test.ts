import assert from 'node:assert/strict';
import { accountId, formerAccountIds, parseAccountId } from '../../src/util/accountIds';
import { readMoving, readMovingList, type KeyValueStore } from '../../src/util/movedKeys';

const local = { name: 'Local', apiUrl: 'http://127.0.0.1:7480' };
const work = { name: 'Work', apiUrl: 'https://git.corp/api/v3' };

describe('account ids: one id per account whatever services are configured', () => {
  it("an id holds the service's API URL and the user id", () => {
    assert.equal(accountId('http://127.0.0.1:7480', '42'), 'http%3A%2F%2F127.0.0.1%3A7480/42');
    assert.deepEqual(parseAccountId(accountId('https://git.corp/api/v3', '7')), { apiUrl: 'https://git.corp/api/v3', userId: '7' });
  });
  it("a trailing slash of the API URL is not part of the id (the service's URL in either spelling)", () => {
    assert.equal(accountId('https://git.corp/api/v3/', '7'), accountId('https://git.corp/api/v3', '7'));
    assert.equal(accountId('https://git.corp//', '7'), accountId('https://git.corp', '7'));
  });
  it('the same user id on two services is two ids', () => {
    assert.notEqual(accountId(local.apiUrl, '1'), accountId(work.apiUrl, '1'));
  });
  it("a URL with a slash cannot forge another service's id", () => {
    assert.notEqual(accountId('https://a.test/x', '1'), accountId('https://a.test', 'x/1'));
  });
  it('a bare user id or an id by service name (earlier versions) is no account id', () => {
    assert.equal(parseAccountId('42'), undefined);
    assert.equal(parseAccountId('work/42'), undefined);
    assert.equal(parseAccountId('/42'), undefined);
    assert.equal(parseAccountId('http%3A%2F%2Fa.test/'), undefined);
    assert.equal(parseAccountId('%E0%A4%A/1'), undefined);
    assert.equal(parseAccountId(`${encodeURIComponent('xhttp://a.test')}/1`), undefined);
    assert.deepEqual(parseAccountId(`${encodeURIComponent('HTTPS://a.test')}/1`), { apiUrl: 'HTTPS://a.test', userId: '1' });
  });
});

describe('account ids: the ids of earlier versions', () => {
  it('the first service: its name (lower case) with the user id, then the bare user id of one service alone', () => {
    assert.deepEqual(formerAccountIds(accountId(local.apiUrl, '1'), [local, work]), ['local/1', '1']);
  });
  it('one service alone: the same two', () => {
    assert.deepEqual(formerAccountIds(accountId(local.apiUrl, '1'), [local]), ['local/1', '1']);
  });
  it("a service after the first: only its name's id; a bare id is never another service's", () => {
    assert.deepEqual(formerAccountIds(accountId(work.apiUrl, '1'), [local, work]), ['work/1']);
  });
  it('a service name is encoded as earlier versions wrote it', () => {
    assert.deepEqual(formerAccountIds(accountId(local.apiUrl, '1'), [{ name: 'My/Server', apiUrl: local.apiUrl }]), ['my%2Fserver/1', '1']);
  });
  it('the service found by its URL in either spelling', () => {
    assert.deepEqual(formerAccountIds(accountId(work.apiUrl, '3'), [{ name: 'Work', apiUrl: `${work.apiUrl}/` }]), ['work/3', '3']);
  });
  it('a service no longer configured, or an id of no service: none', () => {
    assert.deepEqual(formerAccountIds(accountId('https://gone.test', '1'), [local]), []);
    assert.deepEqual(formerAccountIds('1', [local]), []);
    assert.deepEqual(formerAccountIds(accountId(local.apiUrl, '1'), []), []);
  });
});

/** A Memento as VS Code's: a value changes at once; writes are recorded. */
function store(initial: Record<string, unknown>): KeyValueStore & { data: Map<string, unknown>; writes: string[] } {
  const data = new Map(Object.entries(initial));
  const writes: string[] = [];
  return {
    data,
    writes,
    get: (k) => data.get(k),
    update: (k, v) => {
      writes.push(k);
      if (v === undefined) data.delete(k);
      else data.set(k, v);
      return Promise.resolve();
    },
  };
}

describe('moved keys: a value stored under an old key is read once and moved', () => {
  it('a value under the new key is read as is; nothing is written', async () => {
    const s = store({ new: 1, old: 2 });
    const read = readMoving(s, 'new', ['old']);
    assert.equal(read.value, 1);
    await read.moved;
    assert.deepEqual(s.writes, []);
    assert.equal(s.data.get('old'), 2);
  });
  it('none under the new key: the first old key that holds one is read and moved there', async () => {
    const s = store({ older: 'b', old: 'a' });
    const read = readMoving(s, 'new', ['gone', 'old', 'older']);
    assert.equal(read.value, 'a');
    assert.equal(s.data.get('new'), 'a', 'moved at once');
    await read.moved;
    assert.deepEqual([...s.data.entries()].sort(), [
      ['new', 'a'],
      ['older', 'b'],
    ]);
    // Read again: from the new key, the old one is not read.
    assert.equal(readMoving(s, 'new', ['old', 'older']).value, 'a');
  });
  it('a value that is falsy is still one (0, an empty list)', async () => {
    const s = store({ old: 0 });
    assert.equal(readMoving(s, 'new', ['old']).value, 0);
    const t = store({ old: [] });
    assert.deepEqual(readMoving(t, 'new', ['old']).value, []);
  });
  it('nothing stored anywhere: undefined, nothing written', async () => {
    const s = store({});
    const read = readMoving(s, 'new', ['old']);
    assert.equal(read.value, undefined);
    await read.moved.then(() => undefined);
    assert.deepEqual(s.writes, []);
  });
  it('an old key equal to the new one is not moved onto itself', async () => {
    const s = store({});
    assert.equal(readMoving(s, 'k', ['k']).value, undefined);
    assert.deepEqual(s.writes, []);
  });
});

describe('moved keys: a list kept under old keys joins the one under the new key', () => {
  it('no old list: the list under the key as it is, nothing written', async () => {
    const s = store({ new: [1, 2] });
    const read = readMovingList(s, 'new', ['old']);
    assert.deepEqual(read.value, [1, 2]);
    await read.moved;
    assert.deepEqual(s.writes, []);
  });
  it('an empty list under the new key (a review ended since) and an old list: the old entries are kept, moved', async () => {
    const s = store({ new: [], old: [{ n: 1 }] });
    const read = readMovingList(s, 'new', ['old']);
    assert.deepEqual(read.value, [{ n: 1 }]);
    await read.moved;
    assert.deepEqual(s.data.get('new'), [{ n: 1 }]);
    assert.equal(s.data.has('old'), false);
  });
  it('entries of both: the own first, then the old ones it lacks (compared as JSON), from every old key in order', async () => {
    const s = store({ new: [{ n: 1 }], old: [{ n: 2 }, { n: 1 }], older: [{ n: 3 }, { n: 2 }] });
    const read = readMovingList(s, 'new', ['old', 'older']);
    assert.deepEqual(read.value, [{ n: 1 }, { n: 2 }, { n: 3 }]);
    await read.moved;
    assert.deepEqual([...s.data.keys()], ['new']);
  });
  it('nothing under the new key: the old list, moved', async () => {
    const s = store({ old: ['a'] });
    const read = readMovingList(s, 'new', ['old']);
    assert.deepEqual(read.value, ['a']);
    await read.moved;
    assert.deepEqual([...s.data.entries()], [['new', ['a']]]);
  });
  it('what is not a list counts as none (and an old key holding it is emptied)', async () => {
    const s = store({ new: 'x', old: 5 });
    const read = readMovingList(s, 'new', ['old']);
    assert.deepEqual(read.value, []);
    await read.moved;
    assert.equal(s.data.has('old'), false);
  });
  it('nothing anywhere: an empty list, nothing written; the key itself among the old ones is not read twice', async () => {
    const s = store({ k: ['a'] });
    const read = readMovingList(s, 'k', ['k']);
    assert.deepEqual(read.value, ['a']);
    await read.moved;
    assert.deepEqual(s.data.get('k'), ['a']);
    assert.deepEqual(s.writes, []);
    const t = store({});
    assert.deepEqual(readMovingList(t, 'k', ['old']).value, []);
    assert.deepEqual(t.writes, []);
  });
});
