/**
 * The people who use the app, for administrators (issue 29): the list, adding a person, changing their name,
 * role or whether they are active, setting a password for someone who forgot theirs, and ending their sessions. The rules between
 * accounts (nobody above their own role, the last administrator stays) are the store's, in its write
 * transaction.
 */
import { z } from 'zod';
import { ROLES } from '../../domain/roles.js';
import { none, reads, writes, type Declarations } from './shared.js';
import { displayNameInput, loginInput, passwordInput, type PersonView } from './session.js';

const personId = z.string().uuid('operators.input.id');

export const peopleChannels = {
  'people.list': reads('administrator', none).answers<PersonView[]>(),
  'people.add': writes(
    'administrator',
    z.strictObject({ login: loginInput, displayName: displayNameInput, role: z.enum(ROLES), password: passwordInput }),
  ).answers<PersonView>(),
  'people.change': writes(
    'administrator',
    z.strictObject({
      id: personId,
      displayName: displayNameInput.optional(),
      role: z.enum(ROLES).optional(),
      active: z.boolean().optional(),
    }),
  ).answers<PersonView>(),
  'people.setPassword': writes('administrator', z.strictObject({ id: personId, password: passwordInput })).answers<null>(),
  /** Ends the person's sessions at every desk; they may sign in again. */
  'people.endSessions': writes('administrator', z.strictObject({ id: personId })).answers<PersonView>(),
  /** Removes a person's second factor (a lost phone, no recovery codes left): they enrol again. */
  'people.resetTwoFactor': writes('administrator', z.strictObject({ id: personId })).answers<PersonView>(),
} satisfies Declarations;
