import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { onResetClients } from '../client-resets';
import { sdkTimeouts } from '../client-timeouts';

export { onResetClients, resetClients } from '../client-resets';

/**
 * The DynamoDB client, created once per Lambda container. Endpoints come only from the SDK's standard
 * variables (AWS_ENDPOINT_URL_DYNAMODB, ...). The S3 and Cognito clients live beside their adapters
 * (storage/, identity/), so a function bundles only the SDK clients it uses.
 */
let dynamo: DynamoDBDocumentClient | undefined;
onResetClients(() => (dynamo = undefined));

export const dynamoClient = () =>
  (dynamo ??= DynamoDBDocumentClient.from(new DynamoDBClient({ requestHandler: sdkTimeouts() }), {
    marshallOptions: { removeUndefinedValues: true },
  }));

/** Tests swap the client (for example to inject faults with aws-sdk-client-mock). */
export const setClients = (clients: { dynamo?: DynamoDBDocumentClient }) => {
  if (clients.dynamo) dynamo = clients.dynamo;
};
