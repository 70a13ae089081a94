import { useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ImportKind } from '@bo/shared';
import { importsHref } from '../../access/pages';
import { useSession } from '../../auth/session';
import ImportView from './ImportView';
import { importableKinds, IMPORTS_TEXT, initialKind } from './imports-config';
import NewImportForm from './NewImportForm';
import RecentImportsTable from './RecentImportsTable';

/**
 * `/imports` and `/imports/:id` (issue 24, section 1): a new import of a kind the user may import (`?kind=` picks
 * it), one import in its current state, and the recent imports.
 */
export default function ImportsPage() {
  const { id } = useParams<{ id: string }>();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const kinds = useMemo(() => importableKinds(session.roles), [session.roles]);
  const kind = initialKind(search.get('kind'), kinds);

  const chooseKind = (next: ImportKind) => setSearch({ kind: next }, { replace: true });

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={IMPORTS_TEXT.description}
          actions={
            id ? (
              <Button iconName="add-plus" onClick={() => void navigate(importsHref(kind))}>
                {IMPORTS_TEXT.newImport}
              </Button>
            ) : undefined
          }
        >
          {IMPORTS_TEXT.title}
        </Header>
      }
    >
      <SpaceBetween size="l">
        {id ? (
          <ImportView key={id} id={id} />
        ) : (
          kind && <NewImportForm kinds={kinds} kind={kind} onKindChange={chooseKind} />
        )}
        <RecentImportsTable openId={id} />
      </SpaceBetween>
    </ContentLayout>
  );
}
