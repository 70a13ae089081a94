import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';

const documentClient = () =>
  DynamoDBDocumentClient.from(new DynamoDBClient({}), { marshallOptions: { removeUndefinedValues: true } });

/**
 * A DocumentClient whose commands reach DynamoDB (as the data layer sends them) until the test makes one fail:
 * `const { client, mock } = faultyDynamo(); mock.on(QueryCommand).rejects(...)`. A mocked client answers
 * unconfigured commands with nothing, so each command the data layer uses is passed through by class
 * (to `real`, which a test also uses to pass a command through again after a one-off fault).
 */
export function faultyDynamo() {
  const real = documentClient();
  const client = documentClient();
  const mock = mockClient(client);
  mock.on(GetCommand).callsFake((input: GetCommand['input']) => real.send(new GetCommand(input)));
  mock.on(BatchGetCommand).callsFake((input: BatchGetCommand['input']) => real.send(new BatchGetCommand(input)));
  mock.on(QueryCommand).callsFake((input: QueryCommand['input']) => real.send(new QueryCommand(input)));
  mock.on(PutCommand).callsFake((input: PutCommand['input']) => real.send(new PutCommand(input)));
  mock.on(UpdateCommand).callsFake((input: UpdateCommand['input']) => real.send(new UpdateCommand(input)));
  mock.on(DeleteCommand).callsFake((input: DeleteCommand['input']) => real.send(new DeleteCommand(input)));
  mock
    .on(TransactWriteCommand)
    .callsFake((input: TransactWriteCommand['input']) => real.send(new TransactWriteCommand(input)));
  return { client, mock, real };
}
