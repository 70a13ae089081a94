import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useApiQuery } from '../../api/hooks';
import { isAdmin, useSession } from '../../auth/session';
import { PasswordSection } from '../../components/users/PasswordSection';
import { isFullUser } from '../../components/users/user-form';
import { ProfileEditor } from './ProfileEditor';

export const LOAD_FAILED_MESSAGE = 'Failed to load user data.';

/** `/profile`: the signed-in user's own profile and password. */
export default function ProfilePage() {
  const session = useSession();
  const query = useApiQuery('users.getById', { params: { id: session.userId } });
  const user = query.data && isFullUser(query.data) ? query.data : undefined;

  return (
    <ContentLayout header={<Header variant="h1">Profile</Header>}>
      {query.isPending ? (
        <Container>
          <StatusIndicator type="loading">Loading profile</StatusIndicator>
        </Container>
      ) : !user ? (
        <Alert
          type="error"
          statusIconAriaLabel="Error"
          action={
            <Button onClick={() => void query.refetch()} loading={query.isFetching}>
              Retry
            </Button>
          }
        >
          {LOAD_FAILED_MESSAGE}
        </Alert>
      ) : (
        <SpaceBetween size="l">
          <ProfileEditor key={user.id} user={user} canEditRoles={isAdmin(session)} />
          <PasswordSection userId={user.id} />
        </SpaceBetween>
      )}
    </ContentLayout>
  );
}
