import assert from 'node:assert/strict';
import { pullParticipants } from '../../../src/reviewing/participants';

const user = (login: string) => ({ login, avatar_url: `https://avatars.test/${login}` });
const said = (login: string, at: string) => ({ user: user(login), created_at: at });

describe('pullParticipants (the people of a pull request offered first at @)', () => {
  it('the author, then a conversation commenter and review commenters, each once', () => {
    const people = pullParticipants(
      user('charles'),
      [said('grace', '2024-01-02T00:00:00Z')],
      [said('ada', '2024-01-01T00:00:00Z'), said('charles', '2024-01-03T00:00:00Z'), said('ada', '2024-01-04T00:00:00Z')],
    );
    assert.deepEqual(
      people.map((p) => p.login),
      ['charles', 'ada', 'grace'],
    );
  });

  it('someone who only commented on the conversation is a participant', () => {
    assert.deepEqual(
      pullParticipants(user('charles'), [said('grace', '2024-01-02T00:00:00Z')], []).map((p) => p.login),
      ['charles', 'grace'],
    );
  });

  it('commenters are ordered by their first comment across both lists', () => {
    const people = pullParticipants(
      undefined,
      [said('grace', '2024-01-03T00:00:00Z'), said('mary', '2024-01-01T00:00:00Z')],
      [said('ada', '2024-01-02T00:00:00Z')],
    );
    assert.deepEqual(
      people.map((p) => p.login),
      ['mary', 'ada', 'grace'],
    );
  });

  it("keeps each person's avatar URL, and skips comments of deleted users (null)", () => {
    const people = pullParticipants(null, [{ user: null, created_at: '2024-01-01T00:00:00Z' }, said('grace', '2024-01-02T00:00:00Z')], []);
    assert.deepEqual(people, [{ login: 'grace', avatarUrl: 'https://avatars.test/grace' }]);
  });
});
