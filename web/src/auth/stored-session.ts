/**
 * Whether Amplify left a signed-in user in this browser's storage (its `…LastAuthUser` key), read without
 * loading Amplify: only a likely-signed-in visit downloads the signed-in app's chunks ahead of the session
 * check, so the sign-in page stays as small as it was.
 */
export function hasStoredSession(storage: Pick<Storage, 'length' | 'key'> = window.localStorage): boolean {
  try {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.LastAuthUser')) return true;
    }
  } catch {
    // Storage refused (privacy settings): the app loads as it would without a session.
  }
  return false;
}
