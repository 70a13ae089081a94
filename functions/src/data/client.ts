import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';

/**
 * SDK clients, created once per Lambda container. Endpoints come only from the SDK's standard
 * variables (AWS_ENDPOINT_URL_DYNAMODB, AWS_ENDPOINT_URL_S3, AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER).
 */
let dynamo: DynamoDBDocumentClient | undefined;
let cognito: CognitoIdentityProviderClient | undefined;
let s3: S3Client | undefined;

export const dynamoClient = () =>
  (dynamo ??= DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  }));
export const cognitoClient = () => (cognito ??= new CognitoIdentityProviderClient({}));
export const s3Client = () => (s3 ??= new S3Client({ forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true' }));

/** Tests swap clients (for example to inject faults with aws-sdk-client-mock). */
export const setClients = (clients: {
  dynamo?: DynamoDBDocumentClient;
  cognito?: CognitoIdentityProviderClient;
  s3?: S3Client;
}) => {
  if (clients.dynamo) dynamo = clients.dynamo;
  if (clients.cognito) cognito = clients.cognito;
  if (clients.s3) s3 = clients.s3;
};

/** Drops the cached clients so the next call reads the endpoint variables again (a tool moving between stacks). */
export const resetClients = () => {
  dynamo = undefined;
  cognito = undefined;
  s3 = undefined;
};
