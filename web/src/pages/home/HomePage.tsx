import Box from '@cloudscape-design/components/box';
import Cards from '@cloudscape-design/components/cards';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useSession } from '../../auth/session';
import { useFollow } from '../../components/navigation';
import { visibleSections } from '../../access/navigation';
import { useMyName } from '../../auth/use-my-name';
import Dashboard from './Dashboard';

/** `/`: a welcome, the caller's dashboard (a section per role), and a card per area the user can open. */
export default function HomePage() {
  const session = useSession();
  const name = useMyName();
  const follow = useFollow();
  const areas = visibleSections(session.roles).flatMap((section) => section.pages);

  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Your day at a glance, and every area you can open.">
          Welcome, {name}
        </Header>
      }
    >
      <SpaceBetween size="xl">
        <Dashboard />
        <Cards
          ariaLabels={{ itemSelectionLabel: () => '', selectionGroupLabel: 'Areas' }}
          header={<Header variant="h2">Areas</Header>}
          items={areas}
          trackBy="href"
          cardDefinition={{
            header: (page) => (
              <Link href={page.href} fontSize="heading-m" onFollow={follow}>
                {page.title}
              </Link>
            ),
            sections: [{ id: 'description', content: (page) => page.description }],
          }}
          cardsPerRow={[{ cards: 1 }, { minWidth: 500, cards: 2 }, { minWidth: 900, cards: 3 }]}
          empty={<Box textAlign="center">Nothing to show yet.</Box>}
        />
      </SpaceBetween>
    </ContentLayout>
  );
}
