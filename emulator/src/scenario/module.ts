// The seed module: loads the demo (the package's scenarios/demo.yaml) or a
// scenario file given with `--seed <file>` (checked before the data folder
// was opened) into an empty data folder. Listed after every module whose
// tables it writes.
import type { EmulatorModule } from '../server';
import { logOAuthApp, seedScenario } from './apply';
import { loadDemoScenario } from './demo';

export const scenarioSeedModule: EmulatorModule = {
  name: 'seed-scenario',
  migrations: [],
  register(_app, ctx) {
    // On a restart the data is already seeded: still say where the OAuth application is.
    logOAuthApp(ctx);
  },
  async seed(ctx, seed) {
    await seedScenario(ctx, seed === 'demo' ? loadDemoScenario() : seed);
  },
};
