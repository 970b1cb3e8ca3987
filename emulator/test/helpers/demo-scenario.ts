// The demo data set as the tests read it: the package's scenarios/demo.yaml, parsed and checked.
import { demoScenarioFile } from '../../src/scenario/demo';
import { loadScenarioFile } from '../../src/scenario/load';

const demoScenario = loadScenarioFile(demoScenarioFile()).scenario;

/** The demo's analytical-engines/difference-engine entry. */
export const demoRepository = demoScenario.repositories.find((r) => r.owner === 'analytical-engines' && r.name === 'difference-engine')!;
