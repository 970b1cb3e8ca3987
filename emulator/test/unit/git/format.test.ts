// Git's object formats as the git data library reads and writes them
// (docs/service-api/hosting/git-data §1, §3, §9; README of emulator/src/git):
// binary tree entries, commit and tag headers, identities, and dates kept in
// the author's own UTC offset (seconds since the epoch plus `+hhmm`).
import assert from 'node:assert/strict';
import { InvalidInputError } from '../../../src/git/errors';
import { gitDate, identityFromInput, isoInZone, parseHeaders, parseIdentity, parseIsoDate, parseTree, typeOfMode } from '../../../src/git/format';

/** Runs `fn` with the process in another time zone, then restores it. */
function inTimeZone<T>(tz: string, fn: () => T): T {
  const saved = process.env.TZ;
  process.env.TZ = tz;
  try {
    return fn();
  } finally {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  }
}

function refusal(fn: () => unknown): { name: string; message: string; field: string | undefined; status: number } {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof InvalidInputError, `expected InvalidInputError, got ${String(error)}`);
    return { name: error.name, message: error.message, field: error.field, status: error.status };
  }
  throw new assert.AssertionError({ message: 'expected a refusal' });
}

describe('git format: tree entries', () => {
  it('a mode names its object type: 040000 tree, 160000 commit (a submodule), the rest blobs', () => {
    assert.deepEqual((['100644', '100755', '040000', '160000', '120000'] as const).map(typeOfMode), ['blob', 'blob', 'tree', 'commit', 'blob']);
  });

  it("a tree object (`<mode> <name>\\0<20-byte sha>` repeated) parses to entries; git's 5-digit 40000 reads as 040000", () => {
    const sha = (byte: number) => Buffer.alloc(20, byte);
    const content = Buffer.concat([
      Buffer.from('100644 README.md\0'),
      sha(0x11),
      Buffer.from('40000 docs\0'),
      sha(0x22),
      Buffer.from('160000 vendor\0'),
      sha(0xab),
      Buffer.from('100755 run é.sh\0'),
      sha(0x00),
      Buffer.from('120000 link\0'),
      sha(0xff),
    ]);
    assert.deepEqual(parseTree(content), [
      { name: 'README.md', mode: '100644', type: 'blob', sha: '11'.repeat(20) },
      { name: 'docs', mode: '040000', type: 'tree', sha: '22'.repeat(20) },
      { name: 'vendor', mode: '160000', type: 'commit', sha: 'ab'.repeat(20) },
      { name: 'run é.sh', mode: '100755', type: 'blob', sha: '00'.repeat(20) },
      { name: 'link', mode: '120000', type: 'blob', sha: 'ff'.repeat(20) },
    ]);
  });

  it('the empty tree has no entries', () => {
    assert.deepEqual(parseTree(Buffer.alloc(0)), []);
  });
});

describe('git format: dates', () => {
  it('a timestamp shown in its own offset: Z for UTC, ±hh:mm otherwise, minutes included', () => {
    assert.equal(isoInZone(1415394105, '+0100'), '2014-11-07T22:01:45+01:00');
    assert.equal(isoInZone(1425216600, '-0500'), '2015-03-01T08:30:00-05:00');
    assert.equal(isoInZone(1415394105, '+0545'), '2014-11-08T02:46:45+05:45');
    assert.equal(isoInZone(1415394105, '-0930'), '2014-11-07T11:31:45-09:30');
    assert.equal(isoInZone(1415394105, '+0000'), '2014-11-07T21:01:45Z');
    assert.equal(isoInZone(1415394105, '-0000'), '2014-11-07T21:01:45Z');
    assert.equal(isoInZone(0, '-0100'), '1969-12-31T23:00:00-01:00');
  });

  it("ISO 8601 in, seconds and git's offset out: with or without the colon, Z, fractions dropped", () => {
    assert.deepEqual(parseIsoDate('2014-11-07T22:01:45+01:00', 'd'), { timestamp: 1415394105, timezone: '+0100' });
    assert.deepEqual(parseIsoDate('2014-11-07T22:01:45+0100', 'd'), { timestamp: 1415394105, timezone: '+0100' });
    assert.deepEqual(parseIsoDate('2015-03-01T08:30:00-05:00', 'd'), { timestamp: 1425216600, timezone: '-0500' });
    assert.deepEqual(parseIsoDate('2014-11-07T21:01:45Z', 'd'), { timestamp: 1415394105, timezone: '+0000' });
    assert.deepEqual(parseIsoDate('2014-11-07T21:01:45.987Z', 'd'), { timestamp: 1415394105, timezone: '+0000' });
    assert.deepEqual(parseIsoDate('2014-11-07T21:01:45.5+00:00', 'd'), { timestamp: 1415394105, timezone: '+0000' });
  });

  it("a date without an offset is UTC, whatever the server's own time zone", () => {
    const parsed = inTimeZone('America/New_York', () => parseIsoDate('2014-11-07T21:01:45', 'd'));
    assert.deepEqual(parsed, { timestamp: 1415394105, timezone: '+0000' });
  });

  it('the epoch itself is accepted; a second before it is refused (git stores unsigned seconds)', () => {
    assert.deepEqual(parseIsoDate('1970-01-01T00:00:00Z', 'd'), { timestamp: 0, timezone: '+0000' });
    assert.deepEqual(
      refusal(() => parseIsoDate('1969-12-31T23:59:59Z', 'author.date')),
      {
        name: 'InvalidInputError',
        message: 'author.date is before 1970-01-01, which git cannot store',
        field: 'author.date',
        status: 422,
      },
    );
  });

  it('offsets up to 14 hours either way are accepted; beyond that refused', () => {
    assert.equal(parseIsoDate('2014-11-07T22:01:45+14:00', 'd').timezone, '+1400');
    assert.equal(parseIsoDate('2014-11-07T22:01:45-14:00', 'd').timezone, '-1400');
    for (const date of ['2014-11-07T22:01:45+14:01', '2014-11-07T22:01:45-14:01', '2014-11-07T22:01:45+15:00']) {
      assert.deepEqual(
        refusal(() => parseIsoDate(date, 'committer.date')),
        {
          name: 'InvalidInputError',
          message: 'committer.date has an invalid time zone offset',
          field: 'committer.date',
          status: 422,
        },
        date,
      );
    }
  });

  it('anything but a full ISO 8601 date and time is refused, naming the field', () => {
    for (const date of [
      'yesterday',
      '',
      '2014-11-07',
      '2014-11-07 22:01:45Z',
      '14-11-07T22:01:45Z',
      '2014-11-07T22:01Z',
      'x2014-11-07T22:01:45Z',
      '2014-11-07T22:01:45Zjunk',
      '2014-11-07T22:01:45+1',
      '2014-11-07T22:01:45.Z',
      '2014-13-45T22:01:45Z',
      '2014-11-07T22:01:45+01:00:00',
    ]) {
      assert.deepEqual(
        refusal(() => parseIsoDate(date, 'tagger.date')),
        {
          name: 'InvalidInputError',
          message: 'tagger.date is not a valid ISO 8601 date',
          field: 'tagger.date',
          status: 422,
        },
        date,
      );
    }
  });

  it("git's date form for GIT_*_DATE keeps the offset: @<seconds> <offset>", () => {
    assert.equal(gitDate({ name: 'a', email: 'a@example.com', date: '', timestamp: 1415394105, timezone: '+0100' }), '@1415394105 +0100');
  });
});

describe('git format: identities', () => {
  it("a name, an email and a date become git's identity in the date's own offset", () => {
    assert.deepEqual(identityFromInput({ name: 'Ada Lovelace', email: 'ada@example.com', date: '2014-11-07T22:01:45+01:00' }, 'author'), {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      date: '2014-11-07T22:01:45+01:00',
      timestamp: 1415394105,
      timezone: '+0100',
    });
    assert.equal(
      identityFromInput({ name: 'No Mail', email: '', date: '2014-11-07T21:01:45Z' }, 'author').email,
      '',
      'an empty email is stored as git stores it',
    );
  });

  it('a name that is empty, blank, not text, or holds <, >, a newline or NUL is refused', () => {
    for (const name of ['', '   ', 'Eve <x>', 'a>b', 'a<b', 'two\nlines', 'nul\0', 7]) {
      assert.deepEqual(
        refusal(() => identityFromInput({ name, email: 'e@example.com', date: '2014-11-07T21:01:45Z' } as never, 'committer')),
        {
          name: 'InvalidInputError',
          message: 'committer.name is invalid',
          field: 'committer.name',
          status: 422,
        },
        JSON.stringify(name),
      );
    }
  });

  it('an email that holds <, >, a newline or NUL, or is not text, is refused', () => {
    for (const email of ['<e@example.com>', 'e@example.com>', '<e', 'e\n@example.com', 'e\0', null]) {
      assert.deepEqual(
        refusal(() => identityFromInput({ name: 'Eve', email, date: '2014-11-07T21:01:45Z' } as never, 'tagger')),
        {
          name: 'InvalidInputError',
          message: 'tagger.email is invalid',
          field: 'tagger.email',
          status: 422,
        },
        JSON.stringify(email),
      );
    }
  });

  it('the date is checked under <field>.date', () => {
    assert.deepEqual(refusal(() => identityFromInput({ name: 'Eve', email: 'e@example.com', date: 'soon' }, 'author')).field, 'author.date');
  });

  it('an identity line `Name <email> seconds offset` reads back with its ISO date', () => {
    assert.deepEqual(parseIdentity('Ada Lovelace <ada@example.com> 1415394105 +0100'), {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      date: '2014-11-07T22:01:45+01:00',
      timestamp: 1415394105,
      timezone: '+0100',
    });
    assert.deepEqual(parseIdentity('Nobody <> 0 -0130'), { name: 'Nobody', email: '', date: '1969-12-31T22:30:00-01:30', timestamp: 0, timezone: '-0130' });
    assert.deepEqual(parseIdentity('Old <old@example.com> -100 +0000'), {
      name: 'Old',
      email: 'old@example.com',
      date: '1969-12-31T23:58:20Z',
      timestamp: -100,
      timezone: '+0000',
    });
  });

  it('a line that is not an identity keeps its text as the name, at the epoch in UTC', () => {
    for (const line of ['', 'just a name', 'Ada <ada@example.com> 1415394105', 'Ada <ada@example.com> 1415394105 +01', 'x Ada <a> 1 +0000 y']) {
      assert.deepEqual(parseIdentity(line), { name: line, email: '', date: '1970-01-01T00:00:00Z', timestamp: 0, timezone: '+0000' }, line);
    }
  });
});

describe('git format: commit and tag headers', () => {
  it('headers up to the first blank line, the rest the message (blank lines in it kept)', () => {
    const content = Buffer.from('tree abc\nparent def\nparent 123\nauthor A <a@example.com> 1 +0000\n\nSubject\n\nBody line\n');
    assert.deepEqual(parseHeaders(content), {
      headers: [
        ['tree', 'abc'],
        ['parent', 'def'],
        ['parent', '123'],
        ['author', 'A <a@example.com> 1 +0000'],
      ],
      message: 'Subject\n\nBody line\n',
    });
  });

  it('continuation lines (a signature) fold into the header before them, an empty one as an empty line', () => {
    const content = Buffer.from('tree abc\ngpgsig -----BEGIN-----\n line two\n \n -----END-----\nencoding UTF-8\n\nmsg');
    assert.deepEqual(parseHeaders(content), {
      headers: [
        ['tree', 'abc'],
        ['gpgsig', '-----BEGIN-----\nline two\n\n-----END-----'],
        ['encoding', 'UTF-8'],
      ],
      message: 'msg',
    });
  });

  it('without a blank line everything is headers and the message is empty; a value may hold spaces', () => {
    assert.deepEqual(parseHeaders(Buffer.from('object abc\ntag v 1')), {
      headers: [
        ['object', 'abc'],
        ['tag', 'v 1'],
      ],
      message: '',
    });
    assert.deepEqual(parseHeaders(Buffer.from('tree abc\n\n')), { headers: [['tree', 'abc']], message: '' });
  });

  it('text is read as UTF-8', () => {
    assert.deepEqual(parseHeaders(Buffer.from('tagger Zoë <z@example.com> 1 +0000\n\nÉté\n')), {
      headers: [['tagger', 'Zoë <z@example.com> 1 +0000']],
      message: 'Été\n',
    });
  });
});
