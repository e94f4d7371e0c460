/** Signing keys and their certificates, for the environment in use; no private key is ever in an answer. */
import type { AppCore } from '../../services/appCore.js';
import { EXPIRY_WARNING_DAYS, SigningKeyError } from '../../services/signingKeys.js';
import { SANDBOX_MERCHANT } from '../../sandbox/index.js';
import { MAX_KEY_DAYS, type SigningKeysView, type keysChannels } from '../contract.js';
import { IpcFailure } from '../errors.js';
import type { HandlerContext, HandlersOf } from './context.js';

/** The current environment's keys; the private keys stay in the keychain and nothing of them is here. */
async function keysView(core: AppCore): Promise<SigningKeysView> {
  const environment = core.services.environment;
  const connection = core.settings.connection(environment);
  // The sandbox's merchant is fixed (its credentials are public), so its login is known without settings.
  const merchantLogin = connection.merchantLogin ?? (environment === 'sandbox' ? SANDBOX_MERCHANT.login : undefined);
  const keychainProblem = await core.settings.keychainProblem();
  return {
    environment,
    keys: await core.keys.list(environment),
    ...(merchantLogin ? { merchantLogin } : {}),
    signatureRequired: connection.signatureRequired,
    expiryWarningDays: EXPIRY_WARNING_DAYS,
    maxDays: MAX_KEY_DAYS,
    // Generating or importing keeps a private key in the keychain: the screen says so before, not after.
    ...(keychainProblem ? { keychainProblem } : {}),
  };
}

/** Failures of the signing-key service in the contract's terms. */
async function keyCall<T>(f: () => T | Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (err) {
    if (err instanceof SigningKeyError) throw new IpcFailure(err.reason === 'notFound' ? 'notFound' : 'invalidInput', err.said);
    throw err;
  }
}

/** A file name that says which key's certificate it is: the environment and the fingerprint's start. */
const certificateFileName = (environment: string, fingerprint256: string) =>
  `signing-certificate-${environment}-${fingerprint256.replace(/:/g, '').slice(0, 16).toLowerCase()}.pem`;

export function keysHandlers({ core }: HandlerContext): HandlersOf<typeof keysChannels> {
  return {
    'keys.list': () => keysView(core),
    'keys.generate': ({ merchantLogin, days }) =>
      keyCall(async () => await core.keys.generate(core.services.environment, merchantLogin, days)),
    'keys.import': ({ privateKeyPem, certificatePem }) =>
      keyCall(async () => await core.keys.import(core.services.environment, privateKeyPem, certificatePem)),
    'keys.exportCertificate': ({ id }) =>
      keyCall(async () => {
        const environment = core.services.environment;
        const content = await core.keys.exportCertificate(environment, id);
        return {
          fileName: certificateFileName(environment, (await core.keys.get(environment, id)).fingerprint256),
          mimeType: 'application/x-pem-file' as const,
          content,
        };
      }),
    'keys.activate': ({ id }) =>
      keyCall(async () => {
        await core.activateSigningKey(id);
        return await keysView(core);
      }),
    'keys.retire': ({ id }) =>
      keyCall(async () => {
        await core.keys.retire(core.services.environment, id);
        return await keysView(core);
      }),
    'keys.testSign': ({ id, body }) =>
      keyCall(async () => {
        const r = await core.keys.testSign(core.services.environment, id, Buffer.from(body, 'utf8'));
        return {
          id,
          fingerprint256: r.fingerprint256,
          bodyBytes: r.bodyBytes,
          xHash: r.xHash,
          xSignature: r.xSignature,
          verified: r.verified,
          detail: r.detail,
        };
      }),
  };
}
