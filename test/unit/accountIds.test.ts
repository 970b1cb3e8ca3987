import assert from 'node:assert/strict';
import { accountId } from '../../src/util/accountIds';

const local = { name: 'Local', apiUrl: 'http://127.0.0.1:7480' };
const work = { name: 'Work', apiUrl: 'https://git.corp/api/v3' };

describe('account ids: one id per account whatever services are configured', () => {
  it("an id holds the service's API URL and the user id", () => {
    assert.equal(accountId('http://127.0.0.1:7480', '42'), 'http%3A%2F%2F127.0.0.1%3A7480/42');
    assert.equal(accountId('https://git.corp/api/v3', '7'), 'https%3A%2F%2Fgit.corp%2Fapi%2Fv3/7');
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
});
