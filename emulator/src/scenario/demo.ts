// The demo data set (`--seed demo`): the scenario file scenarios/demo.yaml
// shipped with the package, and the fixed names that every test and the
// walkthrough rely on. Passwords are `<login>-demo-password`.
import fs from 'node:fs';
import path from 'node:path';

export const DEMO_ORG = 'analytical-engines';
export const DEMO_CALLBACK_URL = 'http://127.0.0.1:7481/callback';

export function demoPassword(login: string): string {
  return `${login}-demo-password`;
}

/** scenarios/demo.yaml of the package: beside dist/ once built, beside src/ when run from the sources. */
export function demoScenarioFile(from = path.dirname(__filename)): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'scenarios', 'demo.yaml');
    if (fs.existsSync(file)) return file;
    if (path.dirname(dir) === dir) throw new Error(`the demo data set scenarios/demo.yaml is missing from the emulator package (looked above ${from})`);
  }
}
