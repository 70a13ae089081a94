import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ROLE_LABELS, type Role } from '@bo/shared';
import { useFollow } from '../components/navigation';

export const NOT_AUTHORISED_TEXT = {
  title: 'Not authorised',
  home: 'Go to the home page',
} as const;

const list = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** Shown instead of a page the signed-in user's roles may not open (the same roles the API enforces). */
export default function NotAuthorisedPage({ pageTitle, roles }: { pageTitle: string; roles: readonly Role[] }) {
  const follow = useFollow();
  const yours =
    roles.length === 1
      ? `your role (${ROLE_LABELS[roles[0]!]})`
      : `your roles (${list(roles.map((r) => ROLE_LABELS[r]))})`;
  return (
    <ContentLayout header={<Header variant="h1">{NOT_AUTHORISED_TEXT.title}</Header>}>
      <Container>
        <SpaceBetween size="m">
          <Box variant="p">
            {roles.length === 0
              ? `${pageTitle} needs a role, and your account has none yet; ask an administrator.`
              : `${pageTitle} is not available to ${yours}; ask an administrator if you need it.`}
          </Box>
          <Link href="/" onFollow={follow}>
            {NOT_AUTHORISED_TEXT.home}
          </Link>
        </SpaceBetween>
      </Container>
    </ContentLayout>
  );
}
