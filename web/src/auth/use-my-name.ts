import { useApiQuery } from '../api/hooks';
import { useSession } from './session';

/** The signed-in user's display name: the saved profile's (fresh after edits), else the token's, else the email. */
export function useMyName(): string {
  const session = useSession();
  const profile = useApiQuery('users.getById', { params: { id: session.userId } }, { retry: false });
  return profile.data?.name || session.name || session.email || 'Signed in';
}
