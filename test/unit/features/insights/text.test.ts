// The Insights panel's words in the webview: counts in the locale's plural
// form ("1 commit", "2 commits"), so that no summary reads "1 commits".
import assert from 'node:assert/strict';
import { countKey } from '../../../../src/features/insights/model/strings';
import { makeText } from '../../../../src/features/insights/webview/text';

const english = {
  commitCountOne: '{0} commit',
  commitCountOther: '{0} commits',
  contributorCountOne: '{0} contributor',
  contributorCountOther: '{0} contributors',
  weekCountOne: '{0} week',
  weekCountOther: '{0} weeks',
  lineCountOne: '{0} line',
  lineCountOther: '{0} lines',
  contributorsSummary: '{0}; the most active is {1} with {2}.',
  caseCountOne: '{0} case',
  caseCountOther: '{0} cases',
  messageCountOne: '{0} message',
  messageCountOther: '{0} messages',
  casesCaption: '{0} of {1}',
  shownOf: '{0} of {1} loaded',
  messagesLine: '{0} received, {1} sent',
};

describe('Insights: counts in the plural form of the locale', () => {
  it("one commit, one contributor, one week, one line are singular; other counts plural, with the locale's digits grouping", () => {
    const text = makeText(english, 'en');
    assert.equal(text.count(1, 'commit'), '1 commit');
    assert.equal(text.count(2, 'commit'), '2 commits');
    assert.equal(text.count(0, 'commit'), '0 commits');
    assert.equal(text.count(1, 'contributor'), '1 contributor');
    assert.equal(text.count(1, 'week'), '1 week');
    assert.equal(text.count(52, 'week'), '52 weeks');
    assert.equal(text.count(1234, 'line'), '1,234 lines');
    assert.equal(
      text.t('contributorsSummary', text.count(1, 'contributor'), 'ada', text.count(1, 'commit')),
      '1 contributor; the most active is ada with 1 commit.',
    );
  });

  it('a week is dated with its whole year (a two-digit year reads like a day): "Dec 7, 2025", in the locale', () => {
    const sunday = Date.UTC(2025, 11, 7) / 1000;
    assert.equal(makeText(english, 'en').week(sunday), 'Dec 7, 2025');
    assert.equal(makeText(english, 'en-GB').week(sunday), '7 Dec 2025');
  });

  it('the locale decides what is singular (French counts 0 as one)', () => {
    assert.equal(makeText(english, 'fr').count(0, 'commit'), '0 commit');
    assert.equal(makeText(english, 'en').count(0, 'commit'), '0 commits');
  });

  it('the key of a phrase: the singular for the plural category "one", the plural for every other', () => {
    assert.equal(countKey('commit', 'one'), 'commitCountOne');
    for (const category of ['other', 'few', 'many', 'zero', 'two']) assert.equal(countKey('line', category), 'lineCountOther');
  });

  it('cases and messages: "1 of 1 case", "3 of 12 cases loaded", "1 message received" (never "1 cases" or "1 messages")', () => {
    const text = makeText(english, 'en');
    assert.equal(text.t('casesCaption', 1, text.count(1, 'case')), '1 of 1 case');
    assert.equal(text.t('shownOf', 3, text.count(12, 'case')), '3 of 12 cases loaded');
    assert.equal(text.t('messagesLine', text.count(1, 'message'), 2), '1 message received, 2 sent');
    assert.equal(text.t('messagesLine', text.count(0, 'message'), 1), '0 messages received, 1 sent');
  });
});
