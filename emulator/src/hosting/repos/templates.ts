// gitignore and license templates for auto_init (`gitignore_template: "Node"`,
// `license_template: "mit"`), also served at /gitignore/templates.
export const GITIGNORE_TEMPLATES: Record<string, string> = {
  Node: 'node_modules/\nnpm-debug.log*\nyarn-error.log\ndist/\ncoverage/\n.env\n',
  Python: '__pycache__/\n*.py[cod]\n*.egg-info/\n.eggs/\nbuild/\ndist/\n.venv/\n.pytest_cache/\n',
  Go: '*.exe\n*.test\n*.out\nvendor/\n',
  Java: '*.class\n*.jar\n*.war\ntarget/\nbuild/\n.gradle/\n',
  C: '*.o\n*.a\n*.so\n*.out\n*.exe\n',
  Rust: 'target/\nCargo.lock\n',
  Ruby: '*.gem\n.bundle/\nvendor/bundle/\ncoverage/\n',
  Haskell: 'dist/\ndist-newstyle/\n.stack-work/\n*.hi\n*.o\n',
};

const MIT = `MIT License

Copyright (c) {year} {fullname}

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
`;

const ISC = `ISC License

Copyright (c) {year} {fullname}

Permission to use, copy, modify, and/or distribute this software for any
purpose with or without fee is hereby granted, provided that the above
copyright notice and this permission notice appear in all copies.

THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR
ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN
ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF
OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.
`;

const UNLICENSE = `This is free and unencumbered software released into the public domain.

Anyone is free to copy, modify, publish, use, compile, sell, or
distribute this software, either in source code form or as a compiled
binary, for any purpose, commercial or non-commercial, and by any
means.

For more information, please refer to <https://unlicense.org>
`;

const LICENSES: Record<string, string> = { mit: MIT, isc: ISC, unlicense: UNLICENSE };

/** The license text with the year and holder filled in, or undefined for an unknown template. */
export function licenseText(template: string, year: number, fullname: string): string | undefined {
  const text = LICENSES[template.toLowerCase()];
  return text?.replace('{year}', String(year)).replace('{fullname}', fullname);
}

export function gitignoreText(template: string): string | undefined {
  const key = Object.keys(GITIGNORE_TEMPLATES).find((k) => k.toLowerCase() === template.toLowerCase());
  return key ? GITIGNORE_TEMPLATES[key] : undefined;
}
