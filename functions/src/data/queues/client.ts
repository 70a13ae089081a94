import { SQSClient } from '@aws-sdk/client-sqs';
import { onResetClients } from '../client-resets';
import { sdkTimeouts } from '../client-timeouts';

/**
 * The SQS client, created once per container and only by the functions that send to a queue (the routes that
 * start jobs, the jobs that continue themselves, the stream dispatcher's failure records). Its endpoint comes
 * from the SDK's standard variables (AWS_ENDPOINT_URL_SQS locally), as every other client's: a queue URL is the
 * queue's name, not where to send (`useQueueUrlAsEndpoint: false`; in AWS both are the regional endpoint).
 */
let sqs: SQSClient | undefined;
onResetClients(() => (sqs = undefined));

export const sqsClient = () => (sqs ??= new SQSClient({ requestHandler: sdkTimeouts(), useQueueUrlAsEndpoint: false }));

/** Tests swap the client (to inject faults with aws-sdk-client-mock). */
export const setSqsClient = (client: SQSClient | undefined) => {
  sqs = client;
};
