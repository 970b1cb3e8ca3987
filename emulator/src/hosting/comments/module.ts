// Comment endpoints of docs/service-api/hosting/comments §2, §4 and
// docs/service-api/hosting/pulls §8: issue comments, review comments and gist
// comments (their tables belong to the issues, pulls and gists modules).
import type { EmulatorModule } from '../../server';
import { registerGistCommentRoutes } from './gist-comments';
import { registerIssueCommentRoutes } from './issue-comments';
import { registerReviewCommentRoutes } from './review-comments';

export const commentsModule: EmulatorModule = {
  name: 'hosting-comments',
  migrations: [],
  register(app, ctx) {
    registerIssueCommentRoutes(app, ctx);
    registerReviewCommentRoutes(app, ctx);
    registerGistCommentRoutes(app, ctx);
  },
};
