import assert from 'node:assert/strict';
import { accountId, formerAccountIds, parseAccountId } from '../../src/util/accountIds';

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
