// The v2 service's dates (docs/EMULATOR-V2.md, "Conventions as implemented"):
// `yyyy-MM-ddTHH:mm:ss±hhmm`, written in the domain's time zone, accepted in
// any numeric offset (a space read as `+`), stored as epoch milliseconds; the
// time zone option `engagementTimeZone` (`-0300`), checked in-process so that
// mutation testing sees them.
import assert from 'node:assert/strict';
import { DATE_SHAPE, formatDate, parseDate, parseOffset } from '../../../src/engagement/dates';

/** 2026-03-01T12:30:45Z */
const NOON = Date.UTC(2026, 2, 1, 12, 30, 45);

describe('emulator v2 dates (yyyy-MM-ddTHH:mm:ss±hhmm)', () => {
  describe('the time zone option (engagementTimeZone)', () => {
    it('is minutes east of UTC: -0300 is -180, +0530 is 330, +0000 is 0', () => {
      assert.equal(parseOffset('-0300'), -180);
      assert.equal(parseOffset('+0530'), 330);
      assert.equal(parseOffset('-0945'), -585);
      assert.equal(parseOffset('+0000'), 0);
    });

    it('reaches ±14 hours and no further', () => {
      assert.equal(parseOffset('+1400'), 840);
      assert.equal(parseOffset('-1400'), -840);
      assert.throws(() => parseOffset('+1401'), { message: 'engagement time zone out of range: "+1401"' });
      assert.throws(() => parseOffset('-1500'), { message: 'engagement time zone out of range: "-1500"' });
    });

    it('minutes run to 59', () => {
      assert.equal(parseOffset('+0159'), 119);
      assert.throws(() => parseOffset('+0160'), { message: 'engagement time zone out of range: "+0160"' });
    });

    it('another shape is refused with the shape it must have', () => {
      for (const bad of ['-3', '0300', '-03:00', 'UTC', '']) {
        assert.throws(() => parseOffset(bad), { message: `engagement time zone must look like -0300 or +0530, got "${bad}"` }, bad);
      }
    });
  });

  describe('writing', () => {
    it("writes the instant in the domain's time zone with its offset", () => {
      assert.equal(formatDate(NOON, -180), '2026-03-01T09:30:45-0300');
      assert.equal(formatDate(NOON, 330), '2026-03-01T18:00:45+0530');
      assert.equal(formatDate(NOON, 0), '2026-03-01T12:30:45+0000');
    });

    it('crosses midnight into the local day, month and year', () => {
      assert.equal(formatDate(Date.UTC(2026, 0, 1, 1, 5, 9), -180), '2025-12-31T22:05:09-0300');
      assert.equal(formatDate(Date.UTC(2025, 11, 31, 22, 0, 0), 600), '2026-01-01T08:00:00+1000');
    });

    it('pads every field: a four-digit year, two-digit month, day, hours, minutes, seconds and offset parts', () => {
      assert.equal(formatDate(Date.UTC(987, 1, 3, 4, 5, 6), -65), '0987-02-03T03:00:06-0105');
      assert.equal(formatDate(Date.UTC(2026, 8, 9, 0, 0, 0), 45), '2026-09-09T00:45:00+0045');
    });
  });

  describe('reading', () => {
    it('reads a date in any offset as the same instant', () => {
      assert.equal(parseDate('2026-03-01T09:30:45-0300'), NOON);
      assert.equal(parseDate('2026-03-01T18:00:45+0530'), NOON);
      assert.equal(parseDate('2026-03-01T12:30:45+0000'), NOON);
      assert.equal(parseDate('2026-03-01T11:15:45-0115'), NOON);
    });

    it('a space where the + should be is read as + (an unencoded + in a query string)', () => {
      assert.equal(parseDate('2026-03-01T18:00:45 0530'), NOON);
    });

    it('reads back what it writes', () => {
      for (const offset of [-180, 330, 0, -840, 840]) assert.equal(parseDate(formatDate(NOON, offset)), NOON, String(offset));
    });

    it('the last valid value of each field is accepted', () => {
      assert.equal(parseDate('2026-12-31T23:59:59+0059'), Date.UTC(2026, 11, 31, 23, 59, 59) - 59 * 60_000);
      assert.equal(parseDate('2026-01-01T00:00:00-0000'), Date.UTC(2026, 0, 1));
      assert.equal(parseDate('2024-02-29T00:00:00+0000'), Date.UTC(2024, 1, 29), 'a leap day');
    });

    it('an impossible month, day, hour, minute, second or offset minute is not a date', () => {
      for (const text of [
        '2026-00-10T10:00:00-0300',
        '2026-13-10T10:00:00-0300',
        '2026-02-29T10:00:00-0300',
        '2026-04-31T10:00:00-0300',
        '2026-01-00T10:00:00-0300',
        '2026-01-32T10:00:00-0300',
        '2026-01-10T24:00:00-0300',
        '2026-01-10T10:60:00-0300',
        '2026-01-10T10:00:60-0300',
        '2026-01-10T10:00:00-0360',
      ]) {
        assert.equal(parseDate(text), undefined, text);
      }
    });

    it('another shape is not a date', () => {
      for (const text of [
        '2026-03-01',
        '2026-03-01T09:30:45',
        '2026-03-01T09:30:45Z',
        '2026-03-01T09:30:45-03:00',
        '2026-3-1T09:30:45-0300',
        ' 2026-03-01T09:30:45-0300',
        '2026-03-01T09:30:45-0300x',
        '',
      ]) {
        assert.equal(parseDate(text), undefined, text);
      }
    });

    it('names the shape in messages', () => {
      assert.equal(DATE_SHAPE, 'yyyy-MM-ddTHH:mm:ss±hhmm, e.g. 2026-03-01T09:30:00-0300');
    });
  });
});
