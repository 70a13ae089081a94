import { z } from 'zod';
import { bucketParam, deleteFileBody, storedFileSchema, uploadUrlBody } from '../schemas/storage';
import { CATALOG_WRITERS } from './catalog-roles';
import { route } from './route';

export const storageRoutes = {
  'storage.list': route({
    method: 'GET',
    path: '/api/storage/list/{bucket}',
    handler: 'storage/list',
    roles: 'ALL',
    summary: 'The files of a bucket (images: everyone; documents come with invoices).',
    grants: { buckets: ['images', 'documents'], table: 'none' },
    params: bucketParam,
    response: z.array(storedFileSchema),
  }),
  'storage.getUploadURL': route({
    method: 'POST',
    path: '/api/storage/getUploadURL',
    handler: 'storage/getUploadURL',
    roles: CATALOG_WRITERS,
    summary: 'A short-lived presigned PUT for one image (bucket, name and content type checked first).',
    grants: { buckets: ['images'], table: 'none' },
    body: uploadUrlBody,
    response: z.object({ uploadUrl: z.string(), url: z.string(), fileName: z.string() }),
  }),
  'storage.delete': route({
    method: 'DELETE',
    path: '/api/storage/delete',
    handler: 'storage/delete',
    roles: CATALOG_WRITERS,
    summary: 'Deletes one image.',
    grants: { buckets: ['images'], table: 'none' },
    body: deleteFileBody,
    response: z.object({ ok: z.literal(true) }),
  }),
};
