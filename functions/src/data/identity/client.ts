import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { onResetClients } from '../client-resets';
import { sdkTimeouts } from '../client-timeouts';

/** The Cognito client of the identity adapter (only the user-admin functions bundle it). */
let cognito: CognitoIdentityProviderClient | undefined;
onResetClients(() => (cognito = undefined));

export const cognitoClient = () => (cognito ??= new CognitoIdentityProviderClient({ requestHandler: sdkTimeouts() }));
