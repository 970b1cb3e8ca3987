// The service's dates at their limits: each field's largest and smallest
// value, offsets with minutes on either side of UTC, the last day of a month
// and of February in and out of a leap year; and the errors' fields.
import assert from 'node:assert/strict';
import { EngagementAuthError, EngagementError, EngagementResponseError, formatEngagementDate, parseEngagementDate } from '../../../src/engagement';

const iso = (text: string) => parseEngagementDate(text)?.instant.toISOString();

describe('engagement dates at their limits', () => {
  it('the largest valid value of each field is read; one more is refused', () => {
    assert.equal(iso('2026-12-31T23:59:59+0000'), '2026-12-31T23:59:59.000Z');
    assert.equal(iso('2026-01-01T00:00:00+0000'), '2026-01-01T00:00:00.000Z');
    for (const text of [
      '2026-13-01T00:00:00+0000',
      '2026-00-10T00:00:00+0000',
      '2026-01-01T24:00:00+0000',
      '2026-01-01T10:00:75+0000',
      '2026-01-01T23:60:00+0000',
      '2026-01-01T10:60:00+0000',
      '2026-01-01T10:99:00+0000',
      '2026-01-01T23:00:60+0000',
      '2026-01-01T00:00:00+0060',
    ]) {
      assert.equal(parseEngagementDate(text), undefined, text);
    }
    assert.equal(iso('2026-01-01T00:00:00+0059'), '2025-12-31T23:01:00.000Z');
  });

  it('a day the month does not have is refused (April 31, February 29 of 2026); February 29 of 2028 is read', () => {
    assert.equal(parseEngagementDate('2026-04-31T00:00:00+0000'), undefined);
    assert.equal(parseEngagementDate('2026-02-29T00:00:00+0000'), undefined);
    assert.equal(parseEngagementDate('2026-01-00T00:00:00+0000'), undefined);
    assert.equal(iso('2028-02-29T12:00:00+0000'), '2028-02-29T12:00:00.000Z');
    assert.equal(iso('2026-04-30T00:00:00+0000'), '2026-04-30T00:00:00.000Z');
  });

  it('hours and minutes of the offset both count, with its sign: +0530 is 330, -0330 is -210', () => {
    assert.deepEqual(parseEngagementDate('2026-03-02T09:00:00+0530'), {
      instant: new Date('2026-03-02T03:30:00.000Z'),
      offset: '+0530',
      offsetMinutes: 330,
      text: '2026-03-02T09:00:00+0530',
    });
    assert.deepEqual(parseEngagementDate('2026-03-02T09:00:00-0330'), {
      instant: new Date('2026-03-02T12:30:00.000Z'),
      offset: '-0330',
      offsetMinutes: -210,
      text: '2026-03-02T09:00:00-0330',
    });
  });

  it('text around the date, or another separator, is refused', () => {
    for (const text of [
      ' 2026-03-02T09:00:00-0300',
      '2026-03-02T09:00:00-0300 ',
      '2026-03-02 09:00:00-0300',
      '2026-3-02T09:00:00-0300',
      '2026-03-02T09:00:00-030',
    ]) {
      assert.equal(parseEngagementDate(text), undefined, JSON.stringify(text));
    }
  });

  it("written at an offset with minutes on either side, across midnight; a given offset of 0 is UTC, not the date's own", () => {
    const d = parseEngagementDate('2026-03-01T23:30:00+0000')!;
    assert.equal(formatEngagementDate(d.instant, 90), '2026-03-02T01:00:00+0130');
    assert.equal(formatEngagementDate(d.instant, -210), '2026-03-01T20:00:00-0330');
    assert.equal(formatEngagementDate(d.instant, -30), '2026-03-01T23:00:00-0030');
    const local = parseEngagementDate('2026-03-02T09:05:07-0300')!;
    assert.equal(formatEngagementDate(local, 0), '2026-03-02T12:05:07+0000');
    assert.equal(formatEngagementDate(local), '2026-03-02T09:05:07-0300');
  });

  it('a year before 1000 is written with four digits', () => {
    assert.equal(formatEngagementDate(new Date(Date.UTC(987, 0, 2, 3, 4, 5))), '0987-01-02T03:04:05+0000');
  });
});

describe('engagement errors', () => {
  it("each error carries its message, status and the service's statusMessage, and is named EngagementError", () => {
    const errors = [
      new EngagementError('m', 404, 'Case 1 not found'),
      new EngagementAuthError('sign-in', 200, 'wrong'),
      new EngagementResponseError('shape', 200),
    ];
    assert.deepEqual(
      errors.map((e) => [e.name, e.message, e.status, e.statusMessage, e instanceof EngagementError]),
      [
        ['EngagementError', 'm', 404, 'Case 1 not found', true],
        ['EngagementError', 'sign-in', 200, 'wrong', true],
        ['EngagementError', 'shape', 200, undefined, true],
      ],
    );
  });
});
