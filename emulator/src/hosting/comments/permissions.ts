// Who may change a comment: its author, or anyone with push access to the
// repository (docs/service-api/hosting/comments §6).
import { atLeast } from '../core/access';
import { forbidden } from '../core/errors';
import type { Permission } from '../core/representations';
import type { UserRow } from '../core/schema';

export function requireCommentEditor(user: UserRow, authorId: number, permission: Permission): void {
  if (user.id !== authorId && !atLeast(permission, 'push')) throw forbidden('Must have push access to change the comments of other users');
}
