import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import {
  HttpApi,
  HttpAuthorizer,
  HttpAuthorizerType,
  type HttpStage,
  type IHttpRouteAuthorizer,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

export interface ApiStackProps extends StackProps {
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
  readonly logRetention: RetentionDays;
}

/**
 * The one HTTP API, its `$default` stage (auto-deploy, access logs, throttling) and the Cognito JWT
 * authorizer. Routes are added by the route stacks.
 *
 * The authorizer is created here, once. `HttpJwtAuthorizer` (aws-apigatewayv2-authorizers) would create
 * the same `AWS::ApiGatewayV2::Authorizer` lazily inside whichever route stack binds it first, making
 * every other route stack depend on that one.
 */
export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly authorizer: IHttpRouteAuthorizer;
  /** `xxxx.execute-api.<region>.amazonaws.com`, the CloudFront origin. */
  readonly apiDomain: string;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: id,
      description: 'Back-office API: one Lambda per route of the shared route table',
      createDefaultStage: false,
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: props.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 200, burstLimit: 400 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latency: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            sub: '$context.authorizer.claims.sub',
          }),
        ),
      },
    });

    const jwt = new HttpAuthorizer(this, 'CognitoJwt', {
      httpApi: this.httpApi,
      authorizerName: 'cognito-jwt',
      type: HttpAuthorizerType.JWT,
      identitySource: ['$request.header.Authorization'],
      jwtIssuer: `https://cognito-idp.${this.region}.${this.urlSuffix}/${props.userPool.userPoolId}`,
      jwtAudience: [props.userPoolClient.userPoolClientId],
    });
    this.authorizer = HttpAuthorizer.fromHttpAuthorizerAttributes(this, 'CognitoJwtRef', {
      authorizerId: jwt.authorizerId,
      authorizerType: HttpAuthorizerType.JWT,
    });

    this.apiDomain = `${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
    new CfnOutput(this, 'ApiUrl', {
      value: this.httpApi.apiEndpoint,
      description: 'Direct API endpoint (also served under the site at /api)',
    });
  }
}
