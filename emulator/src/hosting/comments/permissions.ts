// Who may change a comment: its author, or anyone with push access to the
// repository (docs/service-api/hosting/comments §6).
import { atLeast } from '../conventions/access';
import { forbidden } from '../conventions/errors';
import type { Permission } from '../conventions/representations';
import type { UserRow } from '../accounts/schema';

export function requireCommentEditor(user: UserRow, authorId: number, permission: Permission): void {
  if (user.id !== authorId && !atLeast(permission, 'push')) throw forbidden('Must have push access to change the comments of other users');
}
