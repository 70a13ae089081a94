import * as z from '../zod';
import { DOCUMENT_READERS, DOCUMENT_WRITERS } from '../rules/documents';
import {
  bucketParam,
  deleteFileBody,
  documentParams,
  documentUrlSchema,
  listQuery,
  saveDocumentBody,
  savedDocumentSchema,
  storedFileSchema,
  uploadUrlBody,
} from '../schemas/storage';
import { CATALOG_WRITERS } from './catalog-roles';
import { route } from './route';

export const storageListRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/storage/list/{bucket}',
  handler: 'storage/list',
  roles: 'ALL',
  summary:
    'The files of a bucket. Images: everyone. Documents: `?filter=invoices/{customer}_{orderNum}` (a key prefix under one folder), for the roles that read that folder.',
  grants: { buckets: ['images', 'documents'], table: 'none' },
  params: bucketParam,
  query: listQuery,
  response: z.array(storedFileSchema),
});

export const storageGetUploadURLRoute = /* @__PURE__ */ route({
  method: 'POST',
  path: '/api/storage/getUploadURL',
  handler: 'storage/getUploadURL',
  roles: CATALOG_WRITERS,
  summary: 'A short-lived presigned PUT for one image (bucket, name and content type checked first).',
  grants: { buckets: ['images'], table: 'none' },
  body: uploadUrlBody,
  response: z.object({ uploadUrl: z.string(), url: z.string(), fileName: z.string() }),
});

export const storageDeleteRoute = /* @__PURE__ */ route({
  method: 'DELETE',
  path: '/api/storage/delete',
  handler: 'storage/delete',
  roles: CATALOG_WRITERS,
  summary: 'Deletes one image.',
  grants: { buckets: ['images'], table: 'none' },
  body: deleteFileBody,
  response: z.object({ ok: z.literal(true) }),
});

export const storageSaveDocumentRoute = /* @__PURE__ */ route({
  method: 'POST',
  path: '/api/storage/saveDocument',
  handler: 'storage/saveDocument',
  roles: DOCUMENT_WRITERS,
  summary:
    'A short-lived presigned PUT for one PDF under invoices/ (SALES) or purchaseOrders/ (PURCHASING); never overwrites.',
  grants: { buckets: ['documents'], table: 'none' },
  body: saveDocumentBody,
  response: savedDocumentSchema,
});

export const storageGetDocumentURLRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/storage/getDocumentURL/{folder}/{fileName}',
  handler: 'storage/getDocumentURL',
  roles: DOCUMENT_READERS,
  summary: 'A presigned GET (60 s) for one document; what the shareable /documents/{folder}/{fileName} link opens.',
  grants: { buckets: ['documents'], table: 'none' },
  params: documentParams,
  response: documentUrlSchema,
});

export const storageRoutes = {
  'storage.list': storageListRoute,
  'storage.getUploadURL': storageGetUploadURLRoute,
  'storage.delete': storageDeleteRoute,
  'storage.saveDocument': storageSaveDocumentRoute,
  'storage.getDocumentURL': storageGetDocumentURLRoute,
};
