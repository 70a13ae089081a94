import { useRef, useState } from 'react';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import Pagination from '@cloudscape-design/components/pagination';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import TextFilter from '@cloudscape-design/components/text-filter';
import {
  IMAGE_CONTENT_TYPES,
  IMAGE_EXTENSIONS,
  imageTypeOfName,
  isAllowed,
  uploadSizeProblem,
  type ImageContentType,
  type StoredFile,
} from '@bo/shared';
import { apiCall, errorMessage } from '../api/client';
import { useApiMutation, useApiQuery } from '../api/hooks';
import { useSession } from '../auth/session';
import { useModals } from '../modals/context';
import ProductImage from './ProductImage';
import { matchesText } from '../format/counts';
import { routeIndex } from 'virtual:route-index';

export interface ImageSelectionModalProps {
  bucket: 'images';
  /** The chosen image's address (the stored URL without its query string); the dialog then closes. */
  onSelect: (url: string) => void;
  /** The address currently set, highlighted in the grid. */
  selected?: string;
}

declare module '../modals/context' {
  interface ModalPropsByName {
    ImageSelection: ImageSelectionModalProps;
  }
}

/** The spec's messages (sections 2 and 8), in the order an upload shows them. */
export const IMAGE_TEXT = {
  title: 'Image Selection',
  preparing: 'Preparing upload...',
  uploading: 'Uploading...',
  uploaded: 'Upload successful',
  failed: 'Upload failed',
  deleted: 'Image deleted',
  empty: 'No images in this bucket, please upload your image above',
  loading: 'Loading images',
  loadError: 'Error loading images',
} as const;

export const ACCEPTED_IMAGES = [...IMAGE_CONTENT_TYPES, ...Object.keys(IMAGE_EXTENSIONS).map((e) => `.${e}`)].join(',');

/**
 * The content type to upload with: the extension's (the server signs the type the file name stands for),
 * else the browser's; undefined when not an accepted image.
 */
export function imageContentType(file: Pick<File, 'name' | 'type'>): ImageContentType | undefined {
  const fromName = imageTypeOfName(file.name);
  if (fromName) return fromName;
  return (IMAGE_CONTENT_TYPES as readonly string[]).includes(file.type) ? (file.type as ImageContentType) : undefined;
}

/**
 * Why a file cannot be uploaded as an image, checked before asking the server: a raster type (PNG, JPEG, WebP,
 * GIF; never SVG) and at most 5 MB, the size the server then signs into the upload.
 */
export function imageUploadProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | undefined {
  if (!imageContentType(file)) return 'Only PNG, JPEG, WebP or GIF images can be uploaded.';
  if (file.size === 0) return 'The file is empty.';
  return uploadSizeProblem('images', file.size);
}

/** The name to ask for: sanitized, with the type's extension added when the name has none (the server signs by it). */
export function uploadFileName(name: string, contentType: ImageContentType): string {
  const clean = sanitizeFileName(name);
  if (imageTypeOfName(clean)) return clean;
  const ext = Object.keys(IMAGE_EXTENSIONS).find((e) => IMAGE_EXTENSIONS[e] === contentType)!;
  return sanitizeFileName(`${clean.slice(0, 200 - ext.length - 1)}.${ext}`);
}

/**
 * A file name the server accepts: letters, digits, spaces and `. _ - ( ) +` only, no `..`,
 * starting with a letter or digit, at most 200 characters (the extension kept).
 */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ._\-()+]/g, '_')
    .replace(/\.{2,}/g, '.')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[^A-Za-z0-9_]+/, '');
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 ? clean.slice(dot) : '';
  let stem = (dot > 0 ? clean.slice(0, dot) : clean).trim();
  if (!/[A-Za-z0-9]/.test(stem)) stem = 'image';
  stem = stem.slice(0, 200 - ext.length);
  return stem + ext;
}

/**
 * PUTs the file to a presigned URL with the headers the server signed (its content type; the browser sends the
 * file's length itself), reporting progress (0–100).
 */
export function putFile(
  url: string,
  file: Blob,
  headers: Record<string, string>,
  onProgress: (percent: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300
        ? resolve()
        : reject(new Error(`Upload answered ${xhr.status} ${xhr.statusText}`));
    xhr.onerror = () => reject(new Error('Network error during upload'));
    xhr.onabort = () => reject(new Error('Upload aborted'));
    xhr.send(file);
  });
}

type Status =
  | { kind: 'idle' }
  | { kind: 'preparing'; name: string }
  | { kind: 'uploading'; name: string; percent: number }
  | { kind: 'uploaded'; name: string }
  | { kind: 'failed'; detail?: string }
  | { kind: 'deleted'; name: string };

const PAGE_SIZE = 24;
const EMPTY: StoredFile[] = [];
/** The stored address of an image: its URL without the query string (spec section 7). */
const stripQuery = (url: string) => url.split('?')[0] ?? url;

/** Modal registry `ImageSelection`: the bucket's images (click one to choose it), upload and delete. */
export default function ImageSelectionModal({
  bucket,
  onSelect,
  selected,
  onDismiss,
}: ImageSelectionModalProps & { onDismiss: () => void }) {
  const session = useSession();
  const canWrite = isAllowed(routeIndex['storage.getUploadURL'].roles, session.roles);
  const { openModal } = useModals();
  const list = useApiQuery('storage.list', { params: { bucket } });
  const remove = useApiMutation('storage.delete', { invalidates: ['storage.list'] });
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [files, setFiles] = useState<File[]>([]);
  const [justUploaded, setJustUploaded] = useState<string | null>(null);
  const busy = status.kind === 'preparing' || status.kind === 'uploading';
  const uploadSeq = useRef(0);

  const images = list.data ?? EMPTY;
  const { items, actions, filteredItemsCount, filterProps, paginationProps } = useCollection(images, {
    filtering: {
      filteringFunction: (item, text) => item.name.toLowerCase().includes(text.trim().toLowerCase()),
    },
    pagination: { pageSize: PAGE_SIZE },
    sorting: {},
  });
  const selectedUrl = selected ? stripQuery(selected) : undefined;

  const upload = async (file: File) => {
    const seq = ++uploadSeq.current;
    const problem = imageUploadProblem(file);
    const contentType = imageContentType(file);
    if (problem || !contentType) {
      setStatus({ kind: 'failed', detail: problem });
      return;
    }
    const name = uploadFileName(file.name, contentType);
    setStatus({ kind: 'preparing', name });
    try {
      const target = await apiCall('storage.getUploadURL', {
        body: { fileName: name, bucket, contentType, size: file.size },
      });
      if (seq !== uploadSeq.current) return;
      setStatus({ kind: 'uploading', name: target.fileName, percent: 0 });
      await putFile(target.uploadUrl, file, target.headers, (percent) => {
        if (seq === uploadSeq.current) setStatus({ kind: 'uploading', name: target.fileName, percent });
      });
      if (seq !== uploadSeq.current) return;
      setStatus({ kind: 'uploaded', name: target.fileName });
      setJustUploaded(stripQuery(target.url));
      setFiles([]);
      await list.refetch();
    } catch (error) {
      console.error('Image upload failed', error);
      if (seq === uploadSeq.current) setStatus({ kind: 'failed', detail: errorMessage(error, '') || undefined });
    }
  };

  const choose = (file: StoredFile) => {
    onSelect(stripQuery(file.url));
    onDismiss();
  };

  const confirmDelete = (file: StoredFile) =>
    openModal('Confirmation', {
      title: 'Delete image',
      message: (
        <>
          Delete <b>{file.name}</b>? Products, brands and types that use it will show the placeholder image.
        </>
      ),
      confirmLabel: 'Delete',
      variant: 'danger',
      onConfirm: async () => {
        await remove.mutateAsync({ body: { fileName: file.name, bucket } });
        setStatus({ kind: 'deleted', name: file.name });
      },
    });

  const statusLine = (() => {
    switch (status.kind) {
      case 'preparing':
        return <StatusIndicator type="loading">{IMAGE_TEXT.preparing}</StatusIndicator>;
      case 'uploading':
        return (
          <ProgressBar
            value={status.percent}
            label={IMAGE_TEXT.uploading}
            description={status.name}
            ariaLabel={IMAGE_TEXT.uploading}
          />
        );
      case 'uploaded':
        return <StatusIndicator type="success">{IMAGE_TEXT.uploaded}</StatusIndicator>;
      case 'failed':
        return (
          <SpaceBetween size="xxs">
            <StatusIndicator type="error">{IMAGE_TEXT.failed}</StatusIndicator>
            {status.detail && (
              <Box variant="small" color="text-status-error">
                {status.detail}
              </Box>
            )}
          </SpaceBetween>
        );
      case 'deleted':
        return <StatusIndicator type="success">{IMAGE_TEXT.deleted}</StatusIndicator>;
      default:
        return null;
    }
  })();

  const grid = (() => {
    if (list.isPending) return <StatusIndicator type="loading">{IMAGE_TEXT.loading}</StatusIndicator>;
    if (list.isError)
      return (
        <Alert
          type="error"
          statusIconAriaLabel="Error"
          header={IMAGE_TEXT.loadError}
          action={<Button onClick={() => void list.refetch()}>Retry</Button>}
        >
          {errorMessage(list.error, 'The images could not be listed.')}
        </Alert>
      );
    if (images.length === 0)
      return (
        <Box textAlign="center" color="text-body-secondary" padding="l">
          {IMAGE_TEXT.empty}
        </Box>
      );
    if (items.length === 0)
      return (
        <Box textAlign="center" padding="l">
          <SpaceBetween size="xs">
            <span>No images match the filter.</span>
            <Button onClick={() => actions.setFiltering('')}>Clear filter</Button>
          </SpaceBetween>
        </Box>
      );
    return (
      <ul
        aria-label="Images"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(136px, 1fr))',
          gap: 12,
          listStyle: 'none',
          margin: 0,
          padding: 0,
        }}
      >
        {items.map((file) => {
          const url = stripQuery(file.url);
          const isSelected = url === selectedUrl;
          const isNew = url === justUploaded;
          return (
            <li
              key={file.name}
              style={{
                border: `2px solid ${isSelected ? '#0972d3' : isNew ? '#037f0c' : '#e9ebed'}`,
                borderRadius: 8,
                padding: 6,
                display: 'flex',
                flexDirection: 'column',
                gap: 4,
                minWidth: 0,
              }}
            >
              <button
                type="button"
                onClick={() => choose(file)}
                aria-label={`Select ${file.name}`}
                aria-pressed={isSelected}
                title={file.name}
                disabled={busy}
                style={{
                  all: 'unset',
                  cursor: busy ? 'default' : 'pointer',
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'center',
                  gap: 4,
                  outlineOffset: 2,
                }}
              >
                <ProductImage src={file.url} alt="" size={112} />
                <span
                  style={{
                    fontSize: 12,
                    maxWidth: '100%',
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {isSelected ? `✓ ${file.name}` : file.name}
                </span>
              </button>
              {canWrite && (
                <Box textAlign="center">
                  <Button
                    variant="icon"
                    iconName="remove"
                    ariaLabel={`Delete ${file.name}`}
                    disabled={busy}
                    onClick={() => confirmDelete(file)}
                  />
                </Box>
              )}
            </li>
          );
        })}
      </ul>
    );
  })();

  return (
    <Modal
      visible
      size="large"
      header={IMAGE_TEXT.title}
      onDismiss={() => !busy && onDismiss()}
      footer={
        <Box float="right">
          <Button variant="link" onClick={onDismiss} disabled={busy}>
            Close
          </Button>
        </Box>
      }
    >
      <SpaceBetween size="l">
        {canWrite && (
          <FormField
            label="Upload an image"
            description="PNG, JPEG, WebP or GIF, at most 5 MB. It is added to the images below; click an image to choose it."
          >
            <FileUpload
              value={files}
              accept={ACCEPTED_IMAGES}
              onChange={({ detail }) => {
                setFiles(detail.value);
                const file = detail.value[0];
                if (file) void upload(file);
              }}
              i18nStrings={{
                uploadButtonText: () => 'Choose image',
                dropzoneText: () => 'Drop an image to upload',
                removeFileAriaLabel: (i) => `Remove file ${i + 1}`,
                limitShowFewer: 'Show fewer files',
                limitShowMore: 'Show more files',
                errorIconAriaLabel: 'Error',
                warningIconAriaLabel: 'Warning',
              }}
            />
          </FormField>
        )}
        <div aria-live="polite">{statusLine}</div>
        {images.length > PAGE_SIZE || filterProps.filteringText ? (
          <SpaceBetween direction="horizontal" size="m" alignItems="center">
            <TextFilter
              {...filterProps}
              filteringPlaceholder="Find images"
              filteringAriaLabel="Filter images"
              countText={matchesText(filteredItemsCount ?? 0)}
            />
            <Pagination {...paginationProps} />
          </SpaceBetween>
        ) : null}
        {grid}
      </SpaceBetween>
    </Modal>
  );
}
