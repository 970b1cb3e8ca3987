// The list of emulator modules, in registration order. Each module owns its
// tables (migrations) and its routes; a new module is one line here. The order
// is also the order of the migrations: a table comes after the ones its foreign
// keys name (accounts, then repositories; authorizations before oauth).
import { metaModule, type EmulatorModule } from './server';
import { hostingConventionsModule } from './hosting/conventions/module';
import { accountsModule } from './hosting/accounts/module';
import { reposModule } from './hosting/repos/module';
import { gitDataModule } from './hosting/gitdata/module';
import { scenarioSeedModule } from './scenario/module';
import { statisticsModule } from './hosting/stats/module';
import { labelsModule } from './hosting/labels/module';
import { deployKeysModule } from './hosting/deploy-keys/module';
import { downloadsModule } from './hosting/downloads/module';
import { releasesModule } from './hosting/releases/module';
import { searchModule } from './hosting/search/module';
import { vendorGithubModule } from './hosting/vendor-github/module';
import { authorizationsModule } from './hosting/authorizations/module';
import { oauthModule } from './oauth/module';
import { hooksModule } from './hosting/hooks/module';
import { engagementModule } from './engagement/module';
import { conversationModules } from './hosting/pulls/module';
import { webModule } from './web/module';

export const allModules: EmulatorModule[] = [
  metaModule,
  hostingConventionsModule,
  accountsModule,
  reposModule,
  gitDataModule,
  statisticsModule,
  authorizationsModule,
  oauthModule,
  hooksModule,
  ...conversationModules,
  labelsModule,
  deployKeysModule,
  downloadsModule,
  releasesModule,
  searchModule,
  // Outside the documents, under --vendor github only (it registers nothing otherwise).
  vendorGithubModule,
  engagementModule,
  scenarioSeedModule,
  // Parametric pages (/:owner/:repo...): Fastify prefers every static API path over them.
  webModule,
];
