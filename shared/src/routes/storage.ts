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
  uploadUrlSchema,
} from '../schemas/storage';
import { CATALOG_WRITERS } from '../role-matrix';
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
  summary:
    'A short-lived presigned PUT for one raster image (PNG, JPEG, WebP, GIF; at most 5 MB), with the headers it must carry; the content type (and a declared size) are signed.',
  grants: { buckets: ['images'], table: 'none' },
  body: uploadUrlBody,
  response: uploadUrlSchema,
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
    'A short-lived presigned PUT for one PDF (at most 20 MB) under invoices/ (SALES) or purchaseOrders/ (PURCHASING), with the headers it must carry; never overwrites.',
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
