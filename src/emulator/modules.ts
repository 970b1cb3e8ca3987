// The list of emulator modules, in registration order. Each module owns its
// tables (migrations) and its routes; a new module is one line here.
import { coreModule, type EmulatorModule } from './server';
import { v3CoreModule } from './v3/core/module';
import { authorizationsModule } from './v3/authorizations/module';
import { oauthModule } from './oauth/module';
import { hooksModule } from './v3/hooks/module';

export const allModules: EmulatorModule[] = [
  coreModule,
  v3CoreModule,
  authorizationsModule,
  oauthModule,
  hooksModule,
];
