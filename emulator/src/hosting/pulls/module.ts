// The conversation side of the service: issues (minimal), pull requests, review
// and issue comments, gists (minimal) with their comments. One line in
// emulator/src/modules.ts adds them all, in this order (tables first).
import type { EmulatorModule } from '../../server';
import { v3CommentsModule } from '../comments/module';
import { v3GistsModule } from '../gists/module';
import { v3IssuesModule } from '../issues/module';
import { registerPullRoutes } from './routes';
import { pullMigrations } from './schema';
import { followPushes } from './sync';

const v3PullsModule: EmulatorModule = {
  name: 'v3-pulls',
  migrations: pullMigrations,
  register(app, ctx) {
    registerPullRoutes(app, ctx);
    ctx.onClose(followPushes(ctx));
  },
};

export const v3ConversationModules: EmulatorModule[] = [v3IssuesModule, v3PullsModule, v3GistsModule, v3CommentsModule];
