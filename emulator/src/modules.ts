// The list of emulator modules, in registration order. Each module owns its
// tables (migrations) and its routes; a new module is one line here.
import { coreModule, type EmulatorModule } from './server';
import { v3CoreModule } from './v3/core/module';
import { v3AccountsModule } from './v3/accounts/module';
import { v3ReposModule } from './v3/repos/module';
import { v3GitDataModule } from './v3/gitdata/module';
import { scenarioSeedModule } from './scenario/module';
import { statisticsModule } from './v3/stats/module';
import { labelsModule } from './v3/labels/module';
import { deployKeysModule } from './v3/deploy-keys/module';
import { downloadsModule } from './v3/downloads/module';
import { releasesModule } from './v3/releases/module';
import { searchModule } from './v3/search/module';
import { authorizationsModule } from './v3/authorizations/module';
import { oauthModule } from './oauth/module';
import { hooksModule } from './v3/hooks/module';
import { engagementModule } from './v2/module';
import { v3ConversationModules } from './v3/pulls/module';
import { webModule } from './web/module';

export const allModules: EmulatorModule[] = [
  coreModule,
  v3CoreModule,
  v3AccountsModule,
  v3ReposModule,
  v3GitDataModule,
  statisticsModule,
  authorizationsModule,
  oauthModule,
  hooksModule,
  ...v3ConversationModules,
  labelsModule,
  deployKeysModule,
  downloadsModule,
  releasesModule,
  searchModule,
  engagementModule,
  scenarioSeedModule,
  // Parametric pages (/:owner/:repo...): Fastify prefers every static API path over them.
  webModule,
];
