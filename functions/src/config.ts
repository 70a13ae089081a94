/**
 * Everything a handler reads from its environment, in one place. AWS endpoints are NOT here:
 * the SDK picks them up from its standard variables (AWS_ENDPOINT_URL_DYNAMODB, ...), and so does the
 * storage adapter, which signs its S3 calls itself (AWS_ENDPOINT_URL_S3: data/storage/s3-address.ts).
 */
const required = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
};

export const config = {
  get tableName() {
    return required('TABLE_NAME');
  },
  get imagesBucket() {
    return required('IMAGES_BUCKET');
  },
  get documentsBucket() {
    return required('DOCUMENTS_BUCKET');
  },
  get userPoolId() {
    return required('USER_POOL_ID');
  },
  get userPoolClientId() {
    return required('USER_POOL_CLIENT_ID');
  },
  /** The site's origin (CloudFront, or the local gateway): images and shareable links are served from it. */
  get siteUrl() {
    return required('SITE_URL').replace(/\/$/, '');
  },
};

export const ENV_NAMES = [
  'TABLE_NAME',
  'IMAGES_BUCKET',
  'DOCUMENTS_BUCKET',
  'USER_POOL_ID',
  'USER_POOL_CLIENT_ID',
] as const;
