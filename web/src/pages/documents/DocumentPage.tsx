import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import Spinner from '@cloudscape-design/components/spinner';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { documentNameProblem, isDocumentFolder } from '@bo/shared';
import { useApiQuery } from '../../api/hooks';

/**
 * The shareable link `/documents/{fileName}` or `/documents/{folder}/{fileName}`: a signed-in reader of that folder is sent on to a
 * short-lived presigned GET of the PDF (the link itself never expires; the signed address does).
 */
export default function DocumentPage() {
  // `/documents/{fileName}` (the spec's form) is an invoice; `/documents/{folder}/{fileName}` names the folder.
  const { folder = 'invoices', fileName = '' } = useParams();
  const problem = !isDocumentFolder(folder) ? 'This is not a document link.' : documentNameProblem(fileName);
  const document = useApiQuery(
    'storage.getDocumentURL',
    { params: { folder: folder as 'invoices', fileName } },
    { enabled: !problem, retry: false, staleTime: 0, gcTime: 0 },
  );
  const url = document.data?.url;
  useEffect(() => {
    if (url) window.location.replace(url);
  }, [url]);

  const error = problem ?? document.error?.message;
  return (
    <ContentLayout header={<Header variant="h1">{fileName || 'Document'}</Header>}>
      {error ? (
        <Alert type="error" header="The document cannot be opened">
          {error}
        </Alert>
      ) : url ? (
        <Box>
          Opening the document… If nothing happens, <Link href={url}>open it here</Link>.
        </Box>
      ) : (
        <Box>
          <Spinner /> Opening the document…
        </Box>
      )}
    </ContentLayout>
  );
}
