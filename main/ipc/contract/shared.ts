/**
 * What the contract's workspaces share: the environments, amounts in minor units, identifiers and
 * printable text every input is built from, and the shape of a channel's declaration.
 */
import { z } from 'zod';
import { ENVIRONMENT_KINDS } from '../../gateway/environments.js';
import type { Role } from '../../domain/roles.js';

/** A channel's result type, carried by its declaration for the compiler only (nothing is in it at run time). */
declare const resultType: unique symbol;
export interface Answer<T> {
  readonly [resultType]?: T;
}

/**
 * One channel, declared once: the least role that may use it (the roles are nested, support then
 * finance then administrator), whether it changes anything (settings, journals, the audit log, the cache,
 * the gateway), what main accepts (a strict schema: an unknown key is refused, not ignored) and what it
 * answers. Permissions, the dispatcher, the Electron binding, the browser bridge and the renderer's calls
 * all read these.
 */
export interface Declaration {
  readonly least: Least;
  readonly writes: boolean;
  readonly input: z.ZodType;
  readonly result: Answer<unknown>;
}

/**
 * Who may use a channel: a role and every role above it, as the signed-in person has it, or anyone at the desk,
 * signed in or not (the channels that sign a person in, and what the sign-in screen shows).
 */
export type Least = Role | 'anyone';

/** A workspace's channels by name. */
export type Declarations = Readonly<Record<string, Declaration>>;

const declare =
  <W extends boolean>(writes: W) =>
  <L extends Least, I extends z.ZodType>(least: L, input: I) => ({
    /** The result type: `reads('support', input).answers<OrderView>()`. */
    answers: <T>(): { readonly least: L; readonly writes: W; readonly input: I; readonly result: Answer<T> } => ({
      least,
      writes,
      input,
      result: {},
    }),
  });
/** A channel that changes nothing: asked again whenever a screen likes. */
export const reads = declare(false);
/** A channel that changes something: settings, a journal, the audit log, the cache, the gateway. */
export const writes = declare(true);

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
