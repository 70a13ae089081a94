import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FileUpload from '@cloudscape-design/components/file-upload';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { IMPORT_KIND_LABELS, type ImportKind } from '@bo/shared';
import { importHref } from '../../access/pages';
import { errorMessage } from '../../api/client';
import ColumnNotes from './ColumnNotes';
import { fileProblem, IMPORTS_TEXT } from './imports-config';
import TemplateButton from './TemplateButton';
import { useStartImport } from './use-imports';

export interface NewImportFormProps {
  /** The kinds the signed-in roles may import. */
  kinds: readonly ImportKind[];
  kind: ImportKind;
  onKindChange: (kind: ImportKind) => void;
}

/**
 * The "New import" area: what to import, its template and columns, and the file. A file the API would refuse
 * (type, size) is refused here first, with the same message; a good one is uploaded and its dry run opened.
 */
export default function NewImportForm({ kinds, kind, onKindChange }: NewImportFormProps) {
  const navigate = useNavigate();
  const [files, setFiles] = useState<File[]>([]);
  const start = useStartImport();
  const file = files[0];
  const problem = file ? fileProblem(file) : undefined;

  const upload = () => {
    if (!file || problem) return;
    start.mutate({ kind, file }, { onSuccess: (job) => void navigate(importHref(job.id)) });
  };

  const options = kinds.map((k) => ({ value: k, label: IMPORT_KIND_LABELS[k] }));
  return (
    <form onSubmit={(e) => e.preventDefault()}>
      <Form
        errorText={start.isError ? errorMessage(start.error, IMPORTS_TEXT.uploadFailed) : undefined}
        actions={
          <Button
            variant="primary"
            onClick={upload}
            loading={start.isPending}
            disabled={!file || !!problem}
            disabledReason={!file ? 'Choose a file first' : problem}
          >
            {IMPORTS_TEXT.upload}
          </Button>
        }
      >
        <Container
          header={
            <Header
              variant="h2"
              description={IMPORTS_TEXT.newImportDescription}
              actions={<TemplateButton kind={kind} />}
            >
              {IMPORTS_TEXT.newImport}
            </Header>
          }
        >
          <SpaceBetween size="l">
            <FormField label={IMPORTS_TEXT.kindLabel}>
              <Select
                selectedOption={options.find((o) => o.value === kind) ?? null}
                options={options}
                onChange={({ detail }) => {
                  onKindChange(detail.selectedOption.value as ImportKind);
                  start.reset();
                }}
              />
            </FormField>
            <ColumnNotes kind={kind} />
            <FormField label={IMPORTS_TEXT.fileLabel} description={IMPORTS_TEXT.fileDescription} errorText={problem}>
              <FileUpload
                value={files}
                onChange={({ detail }) => {
                  setFiles(detail.value);
                  start.reset();
                }}
                accept=".xlsx,.csv"
                showFileSize
                tokenLimit={1}
                i18nStrings={{
                  uploadButtonText: () => IMPORTS_TEXT.chooseFile,
                  dropzoneText: () => 'Drop the file here',
                  removeFileAriaLabel: (_i, name) => `Remove ${name}`,
                  limitShowFewer: 'Show fewer files',
                  limitShowMore: 'Show more files',
                  errorIconAriaLabel: 'Error',
                  warningIconAriaLabel: 'Warning',
                }}
              />
            </FormField>
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}
