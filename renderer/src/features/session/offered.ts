/**
 * What the screens offer: the signed-in person's session as it was while active. A locked session may use
 * nothing, but the app under the lock stays as the person left it (an order's refund button, a client's stored
 * cards, the workspace open), so that nothing on it closes or opens again when they sign back in. Main refuses
 * everything meanwhile anyway. The shell (Shell.tsx) keeps it and provides it.
 */
import { createContext, useContext } from 'react';
import type { ChannelName, SessionView } from '../../../../main/ipc/contract';
import { mayCall } from './access';

const Offered = createContext<SessionView | undefined>(undefined);

export const OfferedSession = Offered.Provider;

/** The session whose role decides what the screens offer; undefined outside the shell. */
export const useOffered = (): SessionView | undefined => useContext(Offered);

/** Whether the screens offer what needs this channel. */
export const useMayCall = (channel: ChannelName): boolean => mayCall(useOffered(), channel);
