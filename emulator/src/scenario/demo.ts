// The demo data set (`--seed demo`): the scenario file scenarios/demo.yaml
// shipped with the package, and the fixed names that every test and the
// walkthrough rely on. Passwords are `<login>-demo-password`.
import fs from 'node:fs';
import path from 'node:path';
import { checkScenarioData, loadScenarioFile, type LoadedScenario } from './load';

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

/** The build's JSON copy of scenarios/demo.yaml (build.mjs), beside the built files. */
const DEMO_JSON = path.join('scenarios', 'demo.json');

/**
 * The demo, checked. From the build's JSON copy when it is as new as the
 * YAML (JSON reads in a fraction of the time YAML takes, and the demo is
 * read at every fresh start), else from the YAML; a problem is always
 * reported from the YAML, with its lines.
 */
export function loadDemoScenario(from = path.dirname(__filename)): LoadedScenario {
  const file = demoScenarioFile(from);
  const json = path.join(from, DEMO_JSON);
  if (fs.existsSync(json) && fs.statSync(json).mtimeMs >= fs.statSync(file).mtimeMs) {
    try {
      return checkScenarioData(JSON.parse(fs.readFileSync(json, 'utf8')), file);
    } catch {
      // Unreadable or out of step: the YAML says what is wrong, with its lines.
    }
  }
  return loadScenarioFile(file);
}
