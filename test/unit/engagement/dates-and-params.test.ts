// The client's pure parts: service dates kept with their offset, and the
// form/query encoding with repeated names.
import assert from 'node:assert/strict';
import { formatEngagementDate, parseEngagementDate } from '../../../src/engagement';
import { encodeParams } from '../../../src/engagement/transport';

describe('engagement dates and parameters', () => {
  it('Conventions 2: a date keeps its instant and the offset the service wrote', () => {
    const d = parseEngagementDate('2026-03-02T09:00:00-0300')!;
    assert.equal(d.instant.toISOString(), '2026-03-02T12:00:00.000Z');
    assert.equal(d.offset, '-0300');
    assert.equal(d.offsetMinutes, -180);
    assert.equal(formatEngagementDate(d), '2026-03-02T09:00:00-0300', 'written back as it came');
    assert.equal(formatEngagementDate(d.instant), '2026-03-02T12:00:00+0000');
    assert.equal(formatEngagementDate(d.instant, 330), '2026-03-02T17:30:00+0530');
  });

  it('Conventions 2: other shapes and impossible dates are refused', () => {
    for (const text of ['2026-03-02T09:00:00-03:00', '2026-03-02T09:00:00Z', '2026-03-02', '2026-02-30T09:00:00-0300', '2026-03-02T24:00:00-0300']) {
      assert.equal(parseEngagementDate(text), undefined, text);
    }
  });

  it('Conventions 1: lists become repeated names, booleans and dates their text form, undefined is left out', () => {
    const d = parseEngagementDate('2026-03-02T09:00:00-0300')!;
    const params = encodeParams({ tag: ['a', 'b c'], echo_data: true, count: 5, since: d, skip: undefined, none: null });
    assert.equal(params.toString(), 'tag=a&tag=b+c&echo_data=true&count=5&since=2026-03-02T09%3A00%3A00-0300');
  });
});
