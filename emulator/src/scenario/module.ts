// The scenario seed (`--seed <file>`): loads a checked scenario file instead
// of the demo. Listed after every module whose tables it writes.
import type { EmulatorModule } from '../server';
import { seedScenario } from './apply';

export const scenarioSeedModule: EmulatorModule = {
  name: 'seed-scenario',
  migrations: [],
  register() {},
  async seed(ctx, seed) {
    if (seed !== 'demo') await seedScenario(ctx, seed);
  },
};
