/**
 * What the contract's workspaces share: the environments, amounts in minor units, identifiers and
 * printable text every input is built from, and the types that tie a workspace's schemas to its channels.
 */
import { z } from 'zod';
import { ENVIRONMENT_KINDS } from '../../gateway/environments.js';
import type { ChannelName } from '../channels.js';

/** The channels whose names begin with the prefix: one workspace's channels. */
export type ChannelsOf<Prefix extends string> = Extract<ChannelName, `${Prefix}.${string}`>;

/**
 * A workspace's input schemas, one for each of its channels: with `satisfies`, a channel of the workspace
 * left out, or one of another workspace put in, does not compile.
 */
export type SchemasOf<C extends ChannelName> = { readonly [K in C]: z.ZodType };

export const environment = z.enum(ENVIRONMENT_KINDS);
/** Environments whose credentials the operator keeps; the sandbox's are fixed and public. */
export const gatewayEnvironment = z.enum(['test', 'production', 'custom']);
export const minorUnits = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const orderId = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'input.orderId');

export const none = z.strictObject({});
// Printable text only: a secret or a reference with control characters is a paste accident.
export const printable = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[^\p{Cc}]*$/u, 'input.controlCharacters');

/** ISO 4217 numeric code, as the gateway takes currencies. */
export const currencyNumeric = z.string().regex(/^\d{3}$/, 'input.currency');

export const clientId = printable(255).trim().min(1, 'input.clientId');
export const bindingId = printable(255).trim().min(1, 'input.bindingId');

export type EnvironmentName = z.infer<typeof environment>;

export interface ExportFile {
  readonly fileName: string;
  readonly mimeType: 'text/csv';
  readonly content: string;
}
