import assert from 'node:assert/strict';
import { dateSeconds, RELATIVE_DATE, zoneOf } from '../../../src/scenario/dates';

const NOW = 1_790_000_000;

describe('scenario dates', () => {
  it('a time before the seed in seconds, minutes, hours, days and weeks', () => {
    assert.deepEqual(
      ['-90s', '-45m', '-3h', '-2d', '-1w', '-0s'].map((d) => NOW - dateSeconds(d, NOW)),
      [90, 2700, 10_800, 172_800, 604_800, 0],
    );
  });

  it('an ISO date is its own time, whole seconds, whatever the seed time', () => {
    assert.equal(dateSeconds('2026-01-05T10:00:00Z', NOW), Date.parse('2026-01-05T10:00:00Z') / 1000);
    assert.equal(dateSeconds('2026-01-05T10:00:00.900+05:30', 0), Date.parse('2026-01-05T04:30:00Z') / 1000);
  });

  it('only a minus sign, digits and one unit are relative', () => {
    for (const ok of ['-1s', '-123456789w']) assert.ok(RELATIVE_DATE.test(ok), ok);
    for (const bad of ['3h', '+3h', '-3', '-h', '-3hours', '-3y', ' -3h', '-3h ', '-1234567890s']) assert.ok(!RELATIVE_DATE.test(bad), bad);
  });

  it('zones: Z and ±hh:mm as git writes them; a relative date is UTC', () => {
    assert.equal(zoneOf('2026-01-05T10:00:00Z'), '+0000');
    assert.equal(zoneOf('2026-01-05T10:00:00+05:30'), '+0530');
    assert.equal(zoneOf('2026-01-05T10:00:00-03:00'), '-0300');
    assert.equal(zoneOf('2026-01-05T10:00:00-0330'), '-0330');
    assert.equal(zoneOf('-3h'), '+0000');
  });
});
