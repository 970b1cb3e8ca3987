// The demo repository's README on master, written by the first commit of
// its history: the first file a new user opens should read like a project.
/** The README of master: what a visitor (and the demo's first look at a file) reads. */
export const DEMO_README = `# difference-engine

Tabulates polynomial functions by the method of finite differences, as
Charles Babbage's Difference Engine No. 1 was designed to: once the first
value and its differences are set on the columns, every further value of the
table is found by additions alone, and printed without a copying error.

## How it works

A polynomial of degree *n* has a constant *n*-th difference. The engine keeps
one column per difference; each turn of the crank adds every column into the
one before it, from the highest difference down, and the first column then
holds the next value of the table.

For x² + x + 41 from x = 0, the columns start at 41, 2 and 2:

| x | value | first difference | second difference |
|---|-------|------------------|-------------------|
| 0 | 41    | 2                | 2                 |
| 1 | 43    | 4                | 2                 |
| 2 | 47    | 6                | 2                 |
| 3 | 53    | 8                | 2                 |

## Layout

- \`src/engine/\`: the columns, the adding mechanism and the carriage of tens.
- \`src/printer/\`: typesetting and stereotyping of the finished tables.
- \`docs/\`: the method of differences and the notation of the drawings.
- \`test/\`: tables checked against the printed tables of 1834.

## Contributing

Open an issue for a wrong figure, with the polynomial, the row and the printed
value you expected. Pull requests are reviewed by the Engineers team.

## License

MIT, see LICENSE.
`;
