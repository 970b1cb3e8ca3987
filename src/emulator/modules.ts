// The list of emulator modules, in registration order. Each module owns its
// tables (migrations) and its routes; a new module is one line here.
import { coreModule, type EmulatorModule } from './server';

export const allModules: EmulatorModule[] = [coreModule];
