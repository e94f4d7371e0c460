/**
 * Signing keys: the current environment's keys and certificates, generated or imported (the private key
 * crosses IPC once, into the keychain), activated, retired, and tried on a body.
 */
import { z } from 'zod';
import type { SigningKeyView, TestSignature } from '../../services/views.js';
import type { Said } from '../../phrases/phrase.js';
import { reads, writes, type Declarations, none, printable, type EnvironmentName } from './shared.js';

/** Signing keys are named by the id the app gave them (a UUID). */
const keyId = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'keys.input.id');
/** Longest validity of a generated certificate: three years. */
export const MAX_KEY_DAYS = 1095;
/** Room for an RSA key of 8192 bits and a certificate with long names; real ones are 1 to 6 kB. */
const MAX_PEM = 16 * 1024;
/** One PEM block of the given label(s): the armour lines and Base64 between them, nothing else. */
const pemBlock = (labels: string) => new RegExp(`^\\s*-----BEGIN (${labels})-----\\r?\\n[A-Za-z0-9+/=\\r\\n]+-----END \\1-----\\s*$`);
const privateKeyPem = z
  .string()
  .max(MAX_PEM, 'keys.input.privateKeyTooBig')
  .regex(pemBlock('PRIVATE KEY|RSA PRIVATE KEY|ENCRYPTED PRIVATE KEY'), 'keys.input.privateKeyPem')
  .refine((s) => !s.includes('ENCRYPTED PRIVATE KEY'), 'keys.input.privateKeyEncrypted');
const certificatePem = z.string().max(MAX_PEM, 'keys.input.certificateTooBig').regex(pemBlock('CERTIFICATE'), 'keys.input.certificatePem');

export const keysChannels = {
  'keys.list': reads('administrator', none).answers<SigningKeysView>(),
  'keys.generate': writes(
    'administrator',
    z.strictObject({
      /** The certificate's subject (CN). */
      merchantLogin: printable(255).trim().min(1, 'keys.input.merchantLogin'),
      days: z.number().int('keys.input.wholeDays').min(1, 'keys.input.atLeastOneDay').max(MAX_KEY_DAYS, 'keys.input.atMostDays'),
    }),
  ).answers<SigningKeyView>(),
  /** The private key crosses IPC this once, into the keychain; it is never sent back. */
  'keys.import': writes('administrator', z.strictObject({ privateKeyPem, certificatePem })).answers<SigningKeyView>(),
  'keys.exportCertificate': writes('administrator', z.strictObject({ id: keyId })).answers<CertificateFile>(),
  'keys.activate': writes('administrator', z.strictObject({ id: keyId })).answers<SigningKeysView>(),
  'keys.retire': writes('administrator', z.strictObject({ id: keyId })).answers<SigningKeysView>(),
  'keys.testSign': writes(
    'administrator',
    z.strictObject({
      id: keyId,
      /** Signed as its UTF-8 bytes, exactly as typed. */
      body: z
        .string()
        .min(1, 'keys.input.bodyEmpty')
        .max(64 * 1024, 'keys.input.bodyTooBig')
        .regex(/^(?:[^\p{Cc}]|[\t\n\r])*$/u, 'keys.input.bodyControl'),
    }),
  ).answers<TestSignatureResult>(),
} satisfies Declarations;

export type { SigningKeyView } from '../../services/views.js';

/** The current environment's signing keys, newest first, with what the screen needs to explain them. */
export interface SigningKeysView {
  readonly environment: EnvironmentName;
  readonly keys: readonly SigningKeyView[];
  /** The environment's merchant login (its connection settings; the sandbox's own), for a new key's subject. */
  readonly merchantLogin?: string;
  /** Whether this environment's requests are signed (Settings), i.e. whether the active key is in use. */
  readonly signatureRequired: boolean;
  readonly expiryWarningDays: number;
  readonly maxDays: number;
  /** Why the OS keychain cannot keep a new private key now (unavailable or locked), as phrases; absent when it can. */
  readonly keychainProblem?: Said;
}

export interface CertificateFile {
  readonly fileName: string;
  readonly mimeType: 'application/x-pem-file';
  readonly content: string;
}

export interface TestSignatureResult extends TestSignature {
  readonly id: string;
}
