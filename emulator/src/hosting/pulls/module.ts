// The conversation side of the service: issues (minimal), pull requests, review
// and issue comments, gists (minimal) with their comments. One line in
// emulator/src/modules.ts adds them all, in this order (tables first).
import type { EmulatorModule } from '../../server';
import { commentsModule } from '../comments/module';
import { gistsModule } from '../gists/module';
import { issuesModule } from '../issues/module';
import { registerPullRoutes } from './routes';
import { pullMigrations } from './schema';
import { followPushes } from './sync';

const pullsModule: EmulatorModule = {
  name: 'hosting-pulls',
  migrations: pullMigrations,
  register(app, ctx) {
    registerPullRoutes(app, ctx);
    ctx.onClose(followPushes(ctx));
  },
};

export const conversationModules: EmulatorModule[] = [issuesModule, pullsModule, gistsModule, commentsModule];
